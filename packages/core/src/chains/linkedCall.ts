import type { CaipNetworkId } from '@latch/protocol/caip'
import { LatchError, UserRejectedError } from '../errors.ts'
import type { LinkedAccount } from './types.ts'

// EIP-1193's decline (the embedded wallet, most wallets) and WalletConnect's own USER_REJECTED.
const DECLINE_CODES = new Set([4001, 5000])

/**
 * One call to a linked account's wallet answered by an object; a declined call reads as the kit's
 * UserRejectedError, whichever wallet declined it.
 */
export async function linkedCall(
  linked: LinkedAccount,
  method: string,
  params: unknown,
  caipNetworkId: CaipNetworkId,
): Promise<Record<string, unknown>> {
  try {
    const result = await linked.request({ method, params }, caipNetworkId)
    if (typeof result !== 'object' || result === null)
      throw new LatchError(`The wallet answered ${method} with nothing`)
    return result as Record<string, unknown>
  } catch (error) {
    const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } }
    if (DECLINE_CODES.has(code as number) || DECLINE_CODES.has(cause?.code as number))
      throw new UserRejectedError('User rejected the request', { cause: error })
    throw error
  }
}
