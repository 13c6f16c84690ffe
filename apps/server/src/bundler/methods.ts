import { type JsonRpcError, RPC_ERROR_CODES } from '@latch/protocol'
import { type GatewayMethods, localAnswer } from '../rpc/methods.ts'

/**
 * What the bundler route forwards: sending and estimating user operations, reading them back, and
 * the bundler's gas price. Nothing else a bundler answers (debug_*, its admin and mempool-dumping
 * methods) reaches it from a page.
 */
export const BUNDLER_METHODS: ReadonlySet<string> = new Set([
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'eth_chainId',
  'pimlico_getUserOperationGasPrice',
])

/** A chain's bundler methods: the chain id is answered here, as on the gateway. */
export function bundlerMethods(chainId: number): GatewayMethods {
  return {
    allowed: BUNDLER_METHODS,
    notAllowed: (method): JsonRpcError => ({
      code: RPC_ERROR_CODES.methodNotFound,
      message: `Method ${method} is not allowed on the bundler route`,
    }),
    localAnswer: (method) => (method === 'eth_chainId' ? localAnswer(method, chainId) : undefined),
    check: () => undefined,
    isImmutable: isImmutableBundlerAnswer,
  }
}

/** A user operation's receipt, once there is one, and the entry points never change. */
export function isImmutableBundlerAnswer(method: string, result: unknown): boolean {
  if (method === 'eth_supportedEntryPoints') return Array.isArray(result)
  if (method === 'eth_getUserOperationReceipt') return result !== null && typeof result === 'object'
  return false
}
