import { FRAME_REQUEST_TIMEOUT_MS } from '@latch/protocol/frame'
import { NETWORK_ERROR_MESSAGE, SERVER_ERROR_MESSAGE, WALLET_API_PATH } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import type { WalletApiPath, WalletApiRoutes } from './types.ts'

/** A refusal by the wallet server: its status and the message of its `{ statusCode, error, message }`. */
export class WalletApiError extends FrameRequestError {
  override name = 'WalletApiError'
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** Calls one route of the embedded wallet's API; see createWalletApi. */
export type WalletApi = <P extends WalletApiPath>(
  path: P,
  body: WalletApiRoutes[P]['body'],
  token?: string,
) => Promise<WalletApiRoutes[P]['response']>

/**
 * A client of the frame origin's /wallet/v1 API. Same origin, so the browser adds the Origin header
 * the server checks; the token goes in the Authorization header, never in a URL.
 */
export function createWalletApi(fetchImpl: typeof fetch = fetch): WalletApi {
  return async (path, body, token) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    let json: string
    try {
      json = JSON.stringify(body)
    } catch {
      // postMessage can carry bigints and cycles, JSON cannot.
      throw new FrameRequestError('Invalid request: parameters must be JSON')
    }
    let response: Response
    try {
      response = await fetchImpl(`${WALLET_API_PATH}/${path}`, {
        method: 'POST',
        headers,
        body: json,
        credentials: 'omit',
        // The long polls end server-side before this; it only stops a request that hangs.
        signal: AbortSignal.timeout(FRAME_REQUEST_TIMEOUT_MS + 5_000),
      })
    } catch {
      throw new FrameRequestError(NETWORK_ERROR_MESSAGE)
    }
    const data: unknown = await response.json().catch(() => undefined)
    if (!response.ok) throw new WalletApiError(response.status, errorMessage(data, response))
    return data as WalletApiRoutes[typeof path]['response']
  }
}

/**
 * The server's message of a refusal (written for the user); a 500 or an answer without one gets a
 * plain message instead, never the server's internals or a bare status.
 */
function errorMessage(data: unknown, response: Response): string {
  const message = (data as { message?: unknown } | undefined)?.message
  if (response.status !== 500 && typeof message === 'string' && message) return message
  return SERVER_ERROR_MESSAGE
}
