import type { CaipNetworkId } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { createNativeBalanceRefresh } from '../balances/refreshNativeBalance.ts'
import { evmAccount } from '../chains/testAccount.ts'
import { refreshOnAccountMoved } from './refreshOnAccountMoved.ts'
import { ADDRESS, connectedTo, createTestStores, OTHER } from './testStores.ts'

function setup() {
  const stores = createTestStores({ mirror: true })
  const identities: { address: string; caipNetworkId: CaipNetworkId }[] = []
  const tokens: { address: string; chainId: CaipNetworkId }[] = []
  const nativeReads: { force?: boolean }[] = []
  // The chain's answer: 1.5 ETH on 31337, 2 ETH elsewhere.
  const refreshNativeBalance = createNativeBalanceRefresh({
    account: stores.account,
    getBalance: async ({ caipNetworkId }, read) => {
      nativeReads.push(read)
      return {
        value: caipNetworkId === 'eip155:31337' ? 1_500_000_000_000_000_000n : 2n * 10n ** 18n,
        decimals: 18,
        symbol: 'ETH',
      }
    },
  })
  refreshOnAccountMoved({
    account: stores.activeAccount,
    refreshNativeBalance,
    identity: { load: async (target) => void identities.push(target) },
    balances: { refresh: async (target) => void tokens.push(target) },
  })
  return { ...stores, identities, tokens, nativeReads }
}

describe('refreshOnAccountMoved', () => {
  it("reads a newly connected account's balance, name and tokens", async () => {
    const { wallet, account, identities, tokens, nativeReads } = setup()
    wallet.set(connectedTo(31337))
    await Promise.resolve()
    expect(account.get('eip155')).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' })
    // Nothing of the account changed: a cache (the server's, for Solana) may answer.
    expect(nativeReads).toEqual([{}])
    expect(identities).toEqual([{ address: ADDRESS, caipNetworkId: 'eip155:31337' }])
    expect(tokens).toEqual([{ address: ADDRESS, chainId: 'eip155:31337' }])
  })

  it('reads them again on another network or account, not on the same one', async () => {
    const { wallet, account, tokens, nativeReads } = setup()
    wallet.set(connectedTo(31337))
    // The same account reported again (a new object): nothing to read.
    wallet.set(connectedTo(31337))
    wallet.set(connectedTo(31338))
    await Promise.resolve()
    expect(account.get('eip155').balance).toBe('2')
    wallet.set(connectedTo(31338, OTHER))
    expect(nativeReads.every((read) => read.force === undefined)).toBe(true)
    expect(tokens.map((target) => `${target.chainId}:${target.address}`)).toEqual([
      `eip155:31337:${ADDRESS}`,
      `eip155:31338:${ADDRESS}`,
      `eip155:31338:${OTHER}`,
    ])
  })

  it('clears the balance when the chain cannot be read', async () => {
    const stores = createTestStores()
    const refresh = createNativeBalanceRefresh({
      account: stores.account,
      getBalance: async () => {
        throw new Error('node down')
      },
    })
    stores.account.update('eip155', { balance: '1', balanceSymbol: 'ETH' })
    await refresh(evmAccount(ADDRESS, 31337))
    expect(stores.account.get('eip155')).toMatchObject({
      balance: undefined,
      balanceSymbol: undefined,
    })
  })
})
