import type { BalanceResponse, TokenBalance } from '@latch/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BALANCE_RETRY_GUARD_MS, PORTFOLIO_CACHE_MS } from '../constants.ts'
import { createQueryClient } from '../query/createQueryClient.ts'
import { createBalances } from './createBalances.ts'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const chainId = 'eip155:31337' as const

const entry = (symbol: string, decimals: string, numeric: string, price: number): TokenBalance => ({
  name: symbol,
  symbol,
  chainId,
  price,
  value: price * Number(numeric),
  quantity: { decimals, numeric },
  iconUrl: `http://server/public/getTokenImage/${symbol}`,
})

function setup(answer: () => Promise<BalanceResponse>, supported = true) {
  const balance = vi.fn(answer)
  const showError = vi.fn()
  const balances = createBalances({
    api: { balance },
    queryClient: createQueryClient(),
    snackbar: { showError },
    isSupported: async (id) => supported && id === chainId,
  })
  return { balances, balance, showError, state: () => balances.state.get() }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createBalances', () => {
  it('lists the holdings, without zero-decimal entries, with their USD total', async () => {
    const { balances, state } = setup(async () => ({
      balances: [
        entry('ETH', '18', '2.5', 3000),
        entry('USDC', '6', '100', 1),
        entry('POINTS', '0', '7', 0),
      ],
    }))
    await balances.refresh({ address, chainId })
    expect(state().status).toBe('success')
    expect(state().balances.map((b) => b.symbol)).toEqual(['ETH', 'USDC'])
    expect(state().totalUsd).toBe(7600)
  })

  it('serves a refresh within 30 s from the cache; force asks the server again', async () => {
    const { balances, balance } = setup(async () => ({ balances: [entry('ETH', '18', '1', 3000)] }))
    await balances.refresh({ address, chainId })
    await balances.refresh({ address, chainId })
    expect(balance).toHaveBeenCalledTimes(1)
    await balances.refresh({ address, chainId, force: true })
    expect(balance).toHaveBeenCalledTimes(2)
    expect(balance).toHaveBeenLastCalledWith(address, chainId, { forceUpdate: true })
    vi.setSystemTime(Date.now() + PORTFOLIO_CACHE_MS + 1)
    await balances.refresh({ address, chainId })
    expect(balance).toHaveBeenCalledTimes(3)
  })

  it('a failure shows "Token Balance Unavailable", empties the list and waits 30 s', async () => {
    let down = true
    const { balances, balance, showError, state } = setup(async () => {
      if (down) throw new Error('HTTP status code: 502')
      return { balances: [entry('ETH', '18', '1', 3000)] }
    })
    await balances.refresh({ address, chainId })
    expect(showError).toHaveBeenCalledWith('Token Balance Unavailable')
    expect(state()).toMatchObject({ status: 'error', balances: [] })

    down = false
    vi.setSystemTime(Date.now() + BALANCE_RETRY_GUARD_MS - 1)
    await balances.refresh({ address, chainId, force: true })
    expect(balance).toHaveBeenCalledTimes(1)
    expect(state().balances).toEqual([])

    vi.setSystemTime(Date.now() + 1)
    await balances.refresh({ address, chainId })
    expect(balance).toHaveBeenCalledTimes(2)
    expect(state().status).toBe('success')
    expect(showError).toHaveBeenCalledTimes(1)
  })

  it('an unsupported network shows the same snackbar without asking the server', async () => {
    const { balances, balance, showError, state } = setup(async () => ({ balances: [] }), false)
    await balances.refresh({ address, chainId })
    expect(balance).not.toHaveBeenCalled()
    expect(showError).toHaveBeenCalledWith('Token Balance Unavailable')
    expect(state()).toMatchObject({ status: 'error', balances: [] })
  })

  it('an answer for an account the visitor already left is dropped', async () => {
    let release: (value: BalanceResponse) => void = () => {}
    const { balances, state } = setup(
      () =>
        new Promise<BalanceResponse>((resolve) => {
          release = resolve
        }),
    )
    const first = balances.refresh({ address, chainId })
    await vi.waitFor(() => expect(state().status).toBe('loading'))
    balances.reset()
    release({ balances: [entry('ETH', '18', '1', 3000)] })
    await first
    expect(state()).toMatchObject({ status: 'idle', balances: [] })
  })
})
