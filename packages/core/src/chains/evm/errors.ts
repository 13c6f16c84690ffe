import { UserRejectedError } from '../../errors.ts'

export { ChainNotSupportedError, UserRejectedError } from '../../errors.ts'

/** EIP-1193 code for a request the user declined in the wallet. */
export const USER_REJECTED_CODE = 4001

/** Codes wallets answer a switch to a chain they don't know with: we then ask to add the chain. */
export const ADD_CHAIN_CODES: ReadonlySet<number> = new Set([4902, 5000, 32603, -32603])

/** The EIP-1193 error code anywhere in a wrapped error chain (wagmi and viem wrap the wallet's). */
export function errorCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown }
    if (typeof code === 'number') return code
    current = cause
  }
  return undefined
}

/** A request the visitor declined in the wallet (code 4001 anywhere) as a UserRejectedError. */
export function rethrowRejection(error: unknown): never {
  if (errorCode(error) === USER_REJECTED_CODE)
    throw new UserRejectedError('User rejected the request', { cause: error })
  throw error
}
