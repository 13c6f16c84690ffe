import { UserRejectedError } from '../../errors.ts'

/**
 * Bitcoin wallets decline with EIP-1193's 4001 (Wallet Standard wallets) or sats-connect's
 * USER_REJECTION, -32000 (Xverse and the wallets speaking sats-connect).
 */
const DECLINED = new Set([4001, -32000])

/** Rethrows a refusal in the wallet as a UserRejectedError, anything else as it is. */
export function rethrowRejection(error: unknown): never {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } }
  if (DECLINED.has(code as number) || DECLINED.has(cause?.code as number))
    throw new UserRejectedError('User rejected the request', { cause: error })
  throw error
}
