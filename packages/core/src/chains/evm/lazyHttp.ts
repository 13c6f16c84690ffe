import type { EIP1193RequestFn, HttpTransportConfig, Transport } from 'viem'

/**
 * viem's HTTP transport to `url`, whose code (requests, batching, timeouts) loads with the first
 * call rather than with the page: a visitor who has not connected makes no chain call, so the page
 * shows its button without it. Calls made meanwhile wait for it; a failed load is tried again.
 */
export function lazyHttp(url: string, options: HttpTransportConfig = {}): Transport<'http'> {
  return (parameters) => {
    let real: Promise<ReturnType<Transport>> | undefined
    const load = () => {
      real ??= import('./httpTransport.ts').then(
        ({ http }) => http(url, options)(parameters),
        (error: unknown) => {
          real = undefined
          throw error
        },
      )
      return real
    }
    const request: EIP1193RequestFn = async (args, requestOptions) =>
      (await load()).request(args, requestOptions)
    return {
      config: {
        key: options.key ?? 'http',
        name: options.name ?? 'HTTP JSON-RPC',
        request,
        retryCount: options.retryCount ?? 3,
        retryDelay: options.retryDelay ?? 150,
        timeout: options.timeout ?? 10_000,
        type: 'http',
      },
      request,
      value: { url },
    }
  }
}
