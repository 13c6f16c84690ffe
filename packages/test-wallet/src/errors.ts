import { BaseError } from 'viem'

/** EIP-1193 / JSON-RPC error codes the wallet answers with. */
export const ErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const

/** The plain shape of an error sent across the page/Node bridge. */
export type SerializedError = { code: number; message: string; data?: unknown }

/** An error the wallet deliberately answers a request with. */
export class WalletRpcError extends Error {
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'WalletRpcError'
    this.code = code
    this.data = data
  }
}

export const userRejected = () =>
  new WalletRpcError(ErrorCode.userRejected, 'User rejected the request.')

export const unauthorized = (detail?: string) =>
  new WalletRpcError(
    ErrorCode.unauthorized,
    detail
      ? `The requested account and/or method has not been authorized by the user: ${detail}`
      : 'The requested account and/or method has not been authorized by the user.',
  )

export const unsupportedMethod = (method: string) =>
  new WalletRpcError(
    ErrorCode.unsupportedMethod,
    `The Provider does not support the requested method: ${method}`,
  )

export const invalidParams = (detail: string) =>
  new WalletRpcError(ErrorCode.invalidParams, `Invalid params: ${detail}`)

export const disconnected = () =>
  new WalletRpcError(ErrorCode.disconnected, 'The Provider is disconnected from all chains.')

export const unrecognizedChain = (chainIdHex: string) =>
  new WalletRpcError(
    ErrorCode.unrecognizedChain,
    `Unrecognized chain ID "${chainIdHex}". Try adding the chain using wallet_addEthereumChain first.`,
  )

/** Turns anything thrown while handling a request into the plain error the page receives. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof WalletRpcError) {
    return error.data === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, data: error.data }
  }
  if (error instanceof BaseError) {
    // viem wraps node errors (reverts, nonce/funds problems) in several layers; surface the
    // innermost one that carries a JSON-RPC code, with its data (revert payload) if any.
    const coded = error.walk((e) => typeof (e as { code?: unknown }).code === 'number') as
      | (Error & { code: number; details?: string; shortMessage?: string })
      | null
    const withData = error.walk((e) => (e as { data?: unknown }).data !== undefined) as
      | (Error & { data: unknown })
      | null
    const message = coded?.details || coded?.shortMessage || error.shortMessage
    const result: SerializedError = { code: coded?.code ?? ErrorCode.internal, message }
    if (withData && isJsonSafe(withData.data)) result.data = withData.data
    return result
  }
  const message = error instanceof Error ? error.message : String(error)
  return { code: ErrorCode.internal, message: `Internal error: ${message}` }
}

function isJsonSafe(value: unknown): boolean {
  try {
    JSON.stringify(value)
    return true
  } catch {
    return false
  }
}
