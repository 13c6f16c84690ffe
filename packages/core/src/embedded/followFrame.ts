import type { FrameClient } from './types.ts'

/**
 * What the frame tells of the session while a user is connected (nothing is acted on without
 * one): the account changed (the whole user is read again, the address alone taken when that
 * fails), the chain changed, a notice for the visitor, or the session expired.
 */
export function followFrame(
  frame: Pick<FrameClient, 'on'>,
  session: {
    connected(): boolean
    refreshUser(): Promise<void>
    accountsChanged(accounts: string[]): void
    chainChanged(chainId: string): void
    notice(message: string): void
    expired(): void
  },
): void {
  frame.on('ACCOUNTS_CHANGED', ({ accounts }) => {
    if (session.connected()) session.refreshUser().catch(() => session.accountsChanged(accounts))
  })
  frame.on('CHAIN_CHANGED', ({ chainId }) => {
    if (session.connected()) session.chainChanged(String(chainId))
  })
  frame.on('NOTICE', ({ message }) => {
    if (session.connected()) session.notice(message)
  })
  frame.on('SESSION_EXPIRED', () => {
    if (session.connected()) session.expired()
  })
}
