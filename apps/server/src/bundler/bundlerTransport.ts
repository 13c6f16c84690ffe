import { BaseError, custom, RpcRequestError, type Transport } from 'viem'
import { type ChainGateway, isUpstreamUnavailable } from '../rpc/gateway.ts'

/** The bundler did not answer at all (down, timed out): not the caller's fault, try again later. */
export class BundlerUnavailableError extends BaseError {
  override name = 'BundlerUnavailableError'
  constructor(chainId: number) {
    super(`The bundler of eip155:${chainId} did not answer`)
  }
}

/**
 * A viem transport that sends each call through `gateway` (the bundler route's allowlist and
 * upstream handling) instead of HTTP. The bundler's own errors reach viem as an RPC error with
 * their code, message and data, so its AA codes are read as from any bundler; no answer at all is
 * a BundlerUnavailableError. No retries: the gateway already tried each upstream once.
 */
export function bundlerTransport(gateway: ChainGateway, chainId: number): Transport {
  return custom(
    {
      async request({ method, params }: { method: string; params?: unknown }) {
        const body = { jsonrpc: '2.0', id: 1, method, params: params ?? [] }
        const [response] = await gateway.answer([body])
        if (!response) throw new BundlerUnavailableError(chainId)
        if ('error' in response && response.error) {
          if (isUpstreamUnavailable(response.error)) throw new BundlerUnavailableError(chainId)
          throw new RpcRequestError({ body, error: response.error, url: 'bundler' })
        }
        return (response as { result: unknown }).result
      },
    },
    { retryCount: 0 },
  )
}
