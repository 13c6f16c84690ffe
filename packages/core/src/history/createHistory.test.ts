import type { HistoryResponse, HistoryTransaction } from '@latch/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HISTORY_CATCH_UP_LIMIT_MS, HISTORY_CATCH_UP_MS } from '../constants.ts'
import { createQueryClient } from '../query/createQueryClient.ts'
import { createHistory } from './createHistory.ts'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function tx(id: string, minedAt: string, options: { chain?: string; spam?: boolean[] } = {}) {
  const flags = options.spam ?? [false]
  return {
    id,
    metadata: {
      operationType: 'receive',
      hash: `0x${id.padStart(64, '0')}`,
      chain: options.chain ?? 'eip155:31337',
      minedAt,
      sentFrom: '0x0000000000000000000000000000000000000001',
      sentTo: address,
      status: 'confirmed',
      nonce: 0,
    },
    transfers: flags.map((spam) => ({
      direction: 'in',
      quantity: { numeric: '1' },
      fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'x' } },
      ...(spam ? { nft_info: { flags: { is_spam: true } } } : {}),
    })),
  } as HistoryTransaction
}

function setup(pages: Record<string, HistoryResponse | Error>) {
  let network: `eip155:${number}` = 'eip155:31337'
  const history = vi.fn(async (_address: string, query: { cursor?: string } = {}) => {
    const page = pages[query.cursor ?? 'first']
    if (!page || page instanceof Error) throw page ?? new Error('no page')
    return page
  })
  const showError = vi.fn()
  const emit = vi.fn()
  const controller = createHistory({
    api: { history },
    queryClient: createQueryClient(),
    snackbar: { showError },
    events: { emit },
    activeNetwork: () => network,
  })
  return {
    controller,
    history,
    showError,
    emit,
    state: () => controller.state.get(),
    switchNetwork: (id: `eip155:${number}`) => {
      network = id
    },
  }
}

describe('createHistory', () => {
  it('needs an account address', async () => {
    const { controller } = setup({})
    await expect(controller.fetchTransactions(undefined)).rejects.toThrow(
      "Transactions can't be fetched without an accountAddress",
    )
  })

  it('shows the active chain only, hides all-spam transactions, groups by year and month', async () => {
    const { controller, state, history } = setup({
      first: {
        data: [
          tx('5', '2026-11-20T10:00:00Z'),
          tx('4', '2026-11-02T10:00:00Z', { spam: [true] }),
          tx('3', '2026-10-15T10:00:00Z', { spam: [true, false] }),
          tx('2', '2026-10-01T10:00:00Z', { chain: 'eip155:31338' }),
          tx('1', '2025-12-31T23:00:00Z'),
        ],
        next: null,
      },
    })
    await controller.fetchTransactions(address)
    expect(history).toHaveBeenCalledWith(address, { chainId: 'eip155:31337' })
    expect(state().transactions.map((t) => t.id)).toEqual(['5', '3', '1'])
    expect(
      state().transactionsByYear.map((year) => [
        year.year,
        year.months.map((month) => [month.month, month.transactions.map((t) => t.id)]),
      ]),
    ).toEqual([
      [
        2026,
        [
          [10, ['5']],
          [9, ['3']],
        ],
      ],
      [2025, [[11, ['1']]]],
    ])
    expect(state()).toMatchObject({ empty: false, loading: false, next: undefined })
  })

  it('pages with the cursor until next is null, each transaction once', async () => {
    const { controller, state, history } = setup({
      first: {
        data: [tx('3', '2026-11-03T00:00:00Z'), tx('2', '2026-11-02T00:00:00Z')],
        next: 'c1',
      },
      c1: { data: [tx('2', '2026-11-02T00:00:00Z'), tx('1', '2026-11-01T00:00:00Z')], next: null },
    })
    await controller.fetchTransactions(address)
    expect(state().next).toBe('c1')
    await controller.fetchTransactions(address)
    expect(history).toHaveBeenLastCalledWith(address, { chainId: 'eip155:31337', cursor: 'c1' })
    expect(state().transactions.map((t) => t.id)).toEqual(['3', '2', '1'])
    await controller.fetchTransactions(address)
    expect(history).toHaveBeenCalledTimes(2)
  })

  it('a failure empties the list, clears the cursor, toasts and tracks', async () => {
    const { controller, state, showError, emit } = setup({
      first: { data: [tx('2', '2026-11-02T00:00:00Z')], next: 'c1' },
      c1: new Error('HTTP status code: 500'),
    })
    // The query cache retries 3 times, 1 s doubling: on fake time.
    vi.useFakeTimers()
    await controller.fetchTransactions(address)
    const failing = controller.fetchTransactions(address)
    await vi.advanceTimersByTimeAsync(7_000)
    await failing
    vi.useRealTimers()
    expect(state()).toMatchObject({
      transactions: [],
      empty: true,
      next: undefined,
      loading: false,
    })
    expect(showError).toHaveBeenCalledWith('Failed to fetch transactions')
    expect(emit).toHaveBeenCalledWith({
      type: 'track',
      event: 'ERROR_FETCH_TRANSACTIONS',
      properties: { chain: expect.stringMatching(/^eip155:\d+$/) },
    })
  })

  it('another network starts a new list', async () => {
    const { controller, state, switchNetwork, history } = setup({
      first: { data: [tx('1', '2026-11-01T00:00:00Z')], next: 'c1' },
    })
    await controller.fetchTransactions(address)
    switchNetwork('eip155:31338')
    await controller.fetchTransactions(address).catch(() => {})
    expect(history).toHaveBeenLastCalledWith(address, { chainId: 'eip155:31338' })
    expect(state().lastNetworkInView).toBe('eip155:31338')
    expect(state().transactions).toEqual([])
  })
})

describe('createHistory refresh', () => {
  it('asks for the first page again and replaces the list, keeping it until then', async () => {
    const pages: Record<string, HistoryResponse> = {
      first: { data: [tx('1', '2026-11-01T00:00:00Z')], next: null },
    }
    const { controller, state } = setup(pages)
    await controller.fetchTransactions(address)
    pages.first = {
      data: [tx('2', '2026-11-02T00:00:00Z'), tx('1', '2026-11-01T00:00:00Z')],
      next: null,
    }
    const refreshing = controller.fetchTransactions(address, { refresh: true })
    expect(state().transactions.map((t) => t.id)).toEqual(['1'])
    await refreshing
    expect(state().transactions.map((t) => t.id)).toEqual(['2', '1'])
  })
})

describe('createHistory follow: a mined transaction the indexer has not listed yet', () => {
  afterEach(() => {
    vi.useRealTimers()
  })
  const hashOf = (id: string) => `0x${id.padStart(64, '0')}`
  const ids = (state: { transactions: readonly HistoryTransaction[] }) =>
    state.transactions.map((t) => t.id)

  it('Activity on screen asks again until the transaction is listed, then stops', async () => {
    vi.useFakeTimers()
    const pages: Record<string, HistoryResponse> = {
      first: { data: [tx('1', '2026-11-01T00:00:00Z')], next: null },
    }
    const { controller, state, history } = setup(pages)
    const stop = controller.follow(address)
    await vi.waitFor(() => expect(ids(state())).toEqual(['1']))

    // The kit saw transaction 2 mined; the server lists it only on the third ask.
    controller.refresh({ hash: hashOf('2'), chainId: 'eip155:31337', address })
    await vi.waitFor(() => expect(history).toHaveBeenCalledTimes(2))
    await vi.advanceTimersByTimeAsync(HISTORY_CATCH_UP_MS)
    expect(history).toHaveBeenCalledTimes(3)
    pages.first = {
      data: [tx('2', '2026-11-02T00:00:00Z'), tx('1', '2026-11-01T00:00:00Z')],
      next: null,
    }
    await vi.advanceTimersByTimeAsync(HISTORY_CATCH_UP_MS)
    expect(history).toHaveBeenCalledTimes(4)
    expect(ids(state())).toEqual(['2', '1'])
    // Listed: no more asking.
    await vi.advanceTimersByTimeAsync(HISTORY_CATCH_UP_MS * 5)
    expect(history).toHaveBeenCalledTimes(4)
    stop()
  })

  it('opening Activity after the purchase still waits for it', async () => {
    vi.useFakeTimers()
    const pages: Record<string, HistoryResponse> = {
      first: { data: [tx('1', '2026-11-01T00:00:00Z')], next: null },
    }
    const { controller, state, history } = setup(pages)
    controller.refresh({ hash: hashOf('2'), chainId: 'eip155:31337', address })
    expect(history).not.toHaveBeenCalled()
    const stop = controller.follow(address)
    await vi.waitFor(() => expect(ids(state())).toEqual(['1']))
    pages.first = {
      data: [tx('2', '2026-11-02T00:00:00Z'), tx('1', '2026-11-01T00:00:00Z')],
      next: null,
    }
    await vi.advanceTimersByTimeAsync(HISTORY_CATCH_UP_MS)
    expect(ids(state())).toEqual(['2', '1'])
    expect(history).toHaveBeenCalledTimes(2)
    stop()
  })

  it('gives up after the limit, and stops when Activity closes', async () => {
    vi.useFakeTimers()
    const { controller, history } = setup({
      first: { data: [tx('1', '2026-11-01T00:00:00Z')], next: null },
    })
    const stop = controller.follow(address)
    controller.refresh({ hash: hashOf('9'), chainId: 'eip155:31337', address })
    await vi.advanceTimersByTimeAsync(HISTORY_CATCH_UP_LIMIT_MS + HISTORY_CATCH_UP_MS * 3)
    const asked = history.mock.calls.length
    expect(asked).toBeGreaterThanOrEqual(HISTORY_CATCH_UP_LIMIT_MS / HISTORY_CATCH_UP_MS - 1)
    expect(asked).toBeLessThanOrEqual(HISTORY_CATCH_UP_LIMIT_MS / HISTORY_CATCH_UP_MS + 3)
    await vi.advanceTimersByTimeAsync(HISTORY_CATCH_UP_MS * 10)
    expect(history).toHaveBeenCalledTimes(asked)

    controller.refresh({ hash: hashOf('8'), chainId: 'eip155:31337', address })
    await vi.advanceTimersByTimeAsync(0)
    stop()
    const atStop = history.mock.calls.length
    await vi.advanceTimersByTimeAsync(HISTORY_CATCH_UP_MS * 10)
    expect(history).toHaveBeenCalledTimes(atStop)
  })

  it('a transaction on another network does not keep this one asking', async () => {
    vi.useFakeTimers()
    const { controller, state, history } = setup({
      first: { data: [tx('1', '2026-11-01T00:00:00Z')], next: null },
    })
    const stop = controller.follow(address)
    await vi.waitFor(() => expect(ids(state())).toEqual(['1']))
    controller.refresh({ hash: hashOf('2'), chainId: 'eip155:1', address })
    await vi.advanceTimersByTimeAsync(HISTORY_CATCH_UP_MS * 5)
    expect(history).toHaveBeenCalledTimes(2)
    stop()
  })

  it("another account's transaction does not keep this one asking", async () => {
    vi.useFakeTimers()
    const { controller, state, history } = setup({
      first: { data: [tx('1', '2026-11-01T00:00:00Z')], next: null },
    })
    const stop = controller.follow(address)
    await vi.waitFor(() => expect(ids(state())).toEqual(['1']))
    controller.refresh({
      hash: hashOf('2'),
      chainId: 'eip155:31337',
      address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    })
    await vi.advanceTimersByTimeAsync(HISTORY_CATCH_UP_MS * 5)
    expect(history).toHaveBeenCalledTimes(2)
    stop()
  })

  it('a disconnect forgets what it waited for', async () => {
    vi.useFakeTimers()
    const { controller, history } = setup({
      first: { data: [tx('1', '2026-11-01T00:00:00Z')], next: null },
    })
    controller.refresh({ hash: hashOf('2'), chainId: 'eip155:31337', address })
    controller.reset()
    const stop = controller.follow(address)
    await vi.advanceTimersByTimeAsync(HISTORY_CATCH_UP_MS * 5)
    expect(history).toHaveBeenCalledTimes(1)
    stop()
  })
})
