// The stand-ins the kit puts on an instance (latch.swap, latch.onramp, latch.names, latch.history):
// their state is there before their code loads, and what a caller asked meanwhile is not lost.
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../api/client.ts'
import type { BalancesState } from '../balances/createBalances.ts'
import { createTestAccount } from '../chains/testAccount.ts'
import { createLazyHistory } from '../history/lazyHistory.ts'
import { createLazyNames } from '../names/lazyNames.ts'
import { createLazyOnramp } from '../onramp/lazyOnramp.ts'
import { createLazyQueryClient } from '../query/lazyQueryClient.ts'
import { createStore } from '../store.ts'
import { createLazySwap } from '../swap/lazySwap.ts'

/** The paths the kit asked the server for; every answer is an outage. */
const asked: string[] = []
const api = createApiClient({
  baseUrl: 'http://127.0.0.1:9',
  projectId: 'latch-dev',
  fetch: async (input) => {
    asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
    return new Response('{}', { status: 503 })
  },
})
const account = createTestAccount()
const snackbar = { showSuccess: () => {}, showError: () => {} }

describe('flow stand-ins before their code loaded', () => {
  it('swap: the state is there at once; a slippage set meanwhile is checked now and applied', async () => {
    const swap = createLazySwap({
      api,
      evm: {
        sendTransaction: async () => '0x',
        waitForTransaction: async () => ({ success: true, blockNumber: 1n }),
      },
      balances: {
        state: createStore<BalancesState>({ status: 'idle', balances: [], totalUsd: 0 }),
      },
      snackbar,
      account,
    })
    expect(swap.state.get()).toMatchObject({ tokensStatus: 'idle', amount: '', step: 'review' })
    expect(swap.setSlippage(60)).toBe(false)
    expect(swap.setSlippage(0.5)).toBe(true)
    await swap.loadCode()
    expect(swap.state.get().slippage).toBe(0.5)
  })

  it("on-ramp: the project's providers are listed without loading; a choice made meanwhile holds", async () => {
    const onramp = createLazyOnramp({
      api,
      account,
      balances: { refresh: async () => {} },
      snackbar,
    })
    onramp.setProviders(['sandbox', 'unknown'])
    expect(onramp.state.get().providers.map((provider) => provider.id)).toEqual(['sandbox'])
    expect(onramp.selectProvider('coinbase')).toBe(false)
    expect(onramp.selectProvider('sandbox')).toBe(true)
    expect(onramp.reopen()).toBe(false)
    await onramp.loadCode()
    expect(onramp.state.get().selectedProvider?.id).toBe('sandbox')
  })

  it('names: the zone and an empty input at once; typing meanwhile is checked once loaded', async () => {
    const names = createLazyNames({
      api,
      queryClient: {} as never,
      account,
      signMessage: async () => '0x',
      snackbar,
      identity: { set: () => {} },
      zone: 'latch.id',
    })
    expect(names.zone).toBe('latch.id')
    expect(names.suggestions.state.get()).toMatchObject({ input: '', label: '' })
    names.suggestions.setInput('A!')
    await names.loadCode()
    expect(names.suggestions.state.get()).toMatchObject({ input: 'A!', issue: expect.any(String) })
  })

  it('history: Activity followed before the code loaded is fetched once it is, unless stopped', async () => {
    const history = createLazyHistory({
      api,
      queryClient: createLazyQueryClient(),
      snackbar,
      events: { emit: () => {} },
      activeNetwork: () => 'eip155:31337',
    })
    const fetched = () => asked.filter((path) => path.includes('/history'))
    expect(history.state.get()).toMatchObject({ transactions: [], loading: false })
    const stop = history.follow('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    stop()
    await history.loadCode()
    await new Promise((resolve) => setTimeout(resolve, 50))
    // Stopped before the code came: nothing was asked.
    expect(fetched()).toEqual([])
    const stopAgain = history.follow('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await expect.poll(() => fetched().length).toBe(1)
    stopAgain()
  })
})
