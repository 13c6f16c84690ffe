import { describe, expect, it } from 'vitest'
import { evmAccountsOf, toldAccount } from './sessionAccounts.ts'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const session = (accounts: string[]) => ({
  namespaces: { eip155: { accounts, methods: [], events: [] } },
  peer: { metadata: { name: 'Phone Wallet' } },
})

describe("a WalletConnect session's accounts", () => {
  it('reads the EVM accounts on the chain asked, checksummed and once each', () => {
    const accounts = [
      `eip155:1:${ALICE.toLowerCase()}`,
      `eip155:31337:${BOB.toLowerCase()}`,
      `eip155:1:${ALICE}`,
    ]
    expect(evmAccountsOf(session(accounts), 1)).toEqual([ALICE])
    // A chain the session names no account on: all of them.
    expect(evmAccountsOf(session(accounts), 10)).toEqual([ALICE, BOB])
    expect(evmAccountsOf(undefined, 1)).toEqual([])
  })

  it('reads the Solana or Polkadot account a wallet told, and nothing from other events', () => {
    const told = (chainId: string, name: string, data: unknown) =>
      toldAccount({ chainId, event: { name, data } })
    expect(told('solana:ref', 'accountsChanged', ['solana:ref:SoLAddress'])).toEqual({
      namespace: 'solana',
      address: 'SoLAddress',
    })
    expect(told('polkadot:genesis', 'accountsChanged', ['5Grw'])).toEqual({
      namespace: 'polkadot',
      address: '5Grw',
    })
    expect(told('eip155:1', 'accountsChanged', [ALICE])).toBeUndefined()
    expect(told('solana:ref', 'chainChanged', ['solana:ref'])).toBeUndefined()
    expect(told('solana:ref', 'accountsChanged', [])).toBeUndefined()
  })
})
