import { describe, expect, it } from 'vitest'
import { walletEvents } from './walletEvents.ts'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** wagmi's emitter and the stored-session flag, recording what the events told them. */
function recorder() {
  const emitted: unknown[][] = []
  const stored: boolean[] = []
  const events = walletEvents(
    { emitter: { emit: (...args: unknown[]) => emitted.push(args) } as never },
    { setStoredSession: (value) => stored.push(value) },
  )
  return { events, emitted, stored }
}

describe("a WalletConnect wallet's EVM events", () => {
  it("tells wagmi the EVM accounts of an accountsChanged, leaving a Solana one to Solana's watcher", () => {
    const { events, emitted } = recorder()
    events.onAccountsChanged(['9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', ALICE.toLowerCase()])
    events.onAccountsChanged(['9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'])
    expect(emitted).toEqual([['change', { accounts: [ALICE] }]])
  })

  it('no account any more, or the session deleted, disconnects and forgets the session', () => {
    const { events, emitted, stored } = recorder()
    events.onAccountsChanged([])
    expect(emitted).toEqual([['disconnect']])
    expect(stored).toEqual([false])
  })

  it('tells another chain as a number, and listens to the provider once', () => {
    const { events, emitted } = recorder()
    events.onChainChanged('31337')
    expect(emitted).toEqual([['change', { chainId: 31337 }]])
    const subscribed: string[] = []
    const provider = { on: (event: string) => subscribed.push(event) }
    events.listen(provider)
    events.listen(provider)
    expect(subscribed).toEqual(['accountsChanged', 'chainChanged', 'session_delete'])
  })
})
