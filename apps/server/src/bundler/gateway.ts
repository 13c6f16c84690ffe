import { eip155NetworkId, type JsonRpcError, RPC_ERROR_CODES } from '@latch/protocol'
import type { ChainConfig } from '../chains/chainConfig.ts'
import type { UpstreamCircuits } from '../chains/upstreamCircuits.ts'
import { ChainGateway } from '../rpc/gateway.ts'
import { bundlerMethods } from './methods.ts'

/** Every call to a configured chain without a bundler gets this in-band error. */
function noBundler(chainId: number): JsonRpcError {
  return {
    code: RPC_ERROR_CODES.methodNotFound,
    message: `${eip155NetworkId(chainId)} has no bundler on this server: smart accounts are not available on it`,
  }
}

/**
 * The gateway to one chain's ERC-4337 bundler: its own allowlist, the server's circuits and
 * timeout. The bundler route and the embedded wallet's user operations both go through one, so
 * they refuse and fail the same way; a chain without a bundler refuses every call, forwarding none.
 */
export function bundlerGateway(
  chain: Pick<ChainConfig, 'chainId' | 'bundlerUrl'>,
  options: { timeoutMs: number; circuits: UpstreamCircuits },
): ChainGateway {
  if (!chain.bundlerUrl)
    return new ChainGateway({
      methods: {
        allowed: new Set(),
        notAllowed: () => noBundler(chain.chainId),
        localAnswer: () => undefined,
        check: () => undefined,
        isImmutable: () => false,
      },
      urls: [],
      timeoutMs: options.timeoutMs,
      circuits: options.circuits,
    })
  return new ChainGateway({
    methods: bundlerMethods(chain.chainId),
    urls: [chain.bundlerUrl],
    timeoutMs: options.timeoutMs,
    circuits: options.circuits,
    // Bundlers need not take batches (alto refuses them): a batch is sent call by call.
    upstreamBatches: false,
  })
}
