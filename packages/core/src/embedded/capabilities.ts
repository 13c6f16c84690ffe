import type { ConnectedUser } from '@latch/protocol/frame'

/** What the server says of its chains: those with a bundler, and those its paymaster sponsors on. */
export type SmartAccountChains = { bundler?: readonly string[]; paymaster?: readonly string[] }

/** EIP-5792 capabilities of one chain, as wallet_getCapabilities answers them. */
export type ChainCapabilities = {
  atomic: { status: 'supported' | 'unsupported' }
  paymasterService?: { supported: true }
}

/**
 * The embedded wallet's EIP-5792 capabilities on each of `chainIds` (hex keys): a smart account
 * sends a batch as one user operation where the server has a bundler (atomic), and the server's
 * paymaster may pay for it where it sponsors; the owner EOA sends a batch call by call (not
 * atomic) and is never sponsored.
 * @example embeddedCapabilities(user, [31337], { bundler: ['eip155:31337'] })
 * // { '0x7a69': { atomic: { status: 'supported' } } }
 */
export function embeddedCapabilities(
  user: Pick<ConnectedUser, 'preferredAccountType'>,
  chainIds: readonly number[],
  chains: SmartAccountChains,
): Record<`0x${string}`, ChainCapabilities> {
  const smart = user.preferredAccountType === 'smartAccount'
  return Object.fromEntries(
    chainIds.map((chainId) => {
      const caip = `eip155:${chainId}`
      const atomic = smart && (chains.bundler ?? []).includes(caip)
      const sponsored = atomic && (chains.paymaster ?? []).includes(caip)
      const capabilities: ChainCapabilities = {
        atomic: { status: atomic ? 'supported' : 'unsupported' },
        ...(sponsored && { paymasterService: { supported: true as const } }),
      }
      return [`0x${chainId.toString(16)}`, capabilities]
    }),
  )
}

/** EIP-5792 batch status codes, by what they mean to the visitor. */
const CALLS_STATUS_MESSAGES: Record<number, { message: string; failed: boolean }> = {
  100: { message: 'The transaction is waiting to be confirmed', failed: false },
  200: { message: 'The transaction is confirmed', failed: false },
  400: { message: 'The transaction was not sent', failed: true },
  500: { message: 'The transaction reverted', failed: true },
  600: { message: 'Part of the transaction reverted', failed: true },
}

/** What wallet_showCallsStatus tells the visitor of a batch's status (EIP-5792 codes). */
export function callsStatusMessage(status: unknown): { message: string; failed: boolean } {
  const code = (status as { status?: unknown } | undefined)?.status
  return (
    (typeof code === 'number' ? CALLS_STATUS_MESSAGES[code] : undefined) ?? {
      message: 'The transaction status is unknown',
      failed: true,
    }
  )
}
