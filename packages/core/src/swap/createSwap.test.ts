import type { CaipAddress, TokenBalance } from '@latch/protocol'
import { parseUnits } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpStatusError } from '../api/client.ts'
import type { BalancesState } from '../balances/createBalances.ts'
import { createTestAccount, evmAccount } from '../chains/testAccount.ts'
import { QUOTE_DEBOUNCE_MS, QUOTE_REFRESH_MS } from '../constants.ts'
import { UserRejectedError } from '../errors.ts'
import { createStore } from '../store.ts'
import { createSwap } from './createSwap.ts'
import { describeSwap } from './describeSwap.ts'
import { minimumReceived } from './minimumReceived.ts'
import {
  approveTx,
  CHAIN,
  DAI,
  ETH,
  ROUTER,
  swapTx,
  TOKENS,
  USDC,
  USER,
  USER_ADDRESS,
} from './testFixtures.ts'
import type { SwapStep } from './types.ts'

/** USD prices of the stub chain; its "pools" swap at these prices less 0.4%. */
const PRICES: Record<string, number> = { [ETH]: 3000, [USDC]: 1, [DAI]: 1 }
const DECIMALS: Record<string, number> = { [ETH]: 18, [USDC]: 6, [DAI]: 18 }

/** What the stub pools give for `amount` of `from`, times `factor` (a price that moved). */
function quoted(from: string, to: string, amount: bigint, factor = 1): bigint {
  const usd = (Number(amount) / 10 ** (DECIMALS[from] ?? 18)) * (PRICES[from] ?? 0) * 0.996
  return parseUnits(((usd * factor) / (PRICES[to] ?? 1)).toFixed(6), DECIMALS[to] ?? 18)
}

const held = (symbol: string, numeric: string, address?: CaipAddress): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: CHAIN,
  ...(address ? { address } : {}),
  price: PRICES[address ?? ETH] ?? 0,
  quantity: { decimals: String(DECIMALS[address ?? ETH]), numeric },
  iconUrl: '',
})

function setup() {
  /** Every call that leaves the controller, in order. */
  const calls: string[] = []
  let priceFactor = 1
  let allowance = 0n
  const connection = createTestAccount(evmAccount(USER_ADDRESS, 31337))
  const balances = createStore<BalancesState>({
    status: 'success',
    balances: [held('ETH', '1.5'), held('USDC', '1234.5', USDC)],
    totalUsd: 0,
    address: USER_ADDRESS,
    chainId: CHAIN,
  })
  const api = {
    convertTokens: vi.fn(async () => ({ tokens: TOKENS })),
    fungiblePrice: vi.fn(async (ids: readonly CaipAddress[]) => ({
      fungibles: ids.map((id) => ({
        address: id,
        name: '',
        symbol: '',
        iconUrl: '',
        price: PRICES[id] ?? 0,
      })),
    })),
    convertQuotes: vi.fn(
      async (query: {
        amount: string
        from: CaipAddress
        to: CaipAddress
        userAddress: CaipAddress
      }) => {
        calls.push(`quote ${query.amount}`)
        const toAmount = quoted(query.from, query.to, BigInt(query.amount), priceFactor)
        return {
          quotes: [
            {
              id: 'uniswap-v2:31337:route@1',
              fromAmount: query.amount,
              fromAccount: query.from,
              toAmount: toAmount.toString(),
              toAccount: query.to,
            },
          ],
        }
      },
    ),
    convertAllowance: vi.fn(async () => {
      calls.push('allowance')
      return { allowance: allowance.toString() }
    }),
    buildApprove: vi.fn(async (query: { from: CaipAddress; amount?: string }) => {
      calls.push('build-approve')
      return { tx: approveTx({ token: query.from, amount: BigInt(query.amount ?? 0) }) }
    }),
    buildTransaction: vi.fn(
      async (body: {
        amount: string
        from: CaipAddress
        to: CaipAddress
        eip155: { slippage: number }
        disableEstimate?: boolean
      }) => {
        calls.push(body.disableEstimate ? 'build-swap (gas)' : 'build-swap')
        const amount = BigInt(body.amount)
        const out = quoted(body.from, body.to, amount, priceFactor)
        return {
          tx: swapTx({
            from: body.from,
            to: body.to,
            amount,
            amountOutMin: minimumReceived(out, body.eip155.slippage),
          }),
        }
      },
    ),
  }
  let nonce = 0
  const evm = {
    sendTransaction: vi.fn(async (tx: { to: string; value?: bigint; data?: `0x${string}` }) => {
      calls.push(`send to ${tx.to.toLowerCase()}`)
      nonce++
      return `0x${nonce.toString(16).padStart(64, '0')}` as const
    }),
    waitForTransaction: vi.fn(async (hash: `0x${string}`) => {
      calls.push(`wait ${Number(hash)}`)
      return { success: true, blockNumber: 1n }
    }),
  }
  const snackbar = { showSuccess: vi.fn(), showError: vi.fn() }
  const events = { emit: vi.fn() }
  const swap = createSwap({
    events,
    api,
    evm,
    balances: { state: balances },
    snackbar,
    account: connection,
  })
  const steps: SwapStep[] = []
  swap.state.subscribe((state, previous) => {
    if (state.step !== previous.step) steps.push(state.step)
  })
  return {
    events,
    swap,
    api,
    evm,
    snackbar,
    balances,
    connection,
    calls,
    steps,
    state: () => swap.state.get(),
    summary: () => describeSwap(swap.state.get()),
    movePrice: (factor: number) => {
      priceFactor = factor
    },
    setAllowance: (value: bigint) => {
      allowance = value
    },
  }
}

/** Types `amount` and waits out the debounce and the answers. */
async function typeAmount(context: ReturnType<typeof setup>, amount: string) {
  context.swap.setAmount(amount)
  await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS)
}

const addressOf = (id: string) => id.split(':')[2]?.toLowerCase()

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createSwap', () => {
  it('offers the chain’s tokens with the account’s balances, selling ETH for USDC', async () => {
    const { swap, state, summary } = setup()
    await swap.load()
    expect(state().tokensStatus).toBe('ready')
    expect(state().tokens.map((token) => [token.symbol, token.balanceNumeric])).toEqual([
      ['ETH', '1.5'],
      ['USDC', '1234.5'],
      ['DAI', '0'],
    ])
    expect(summary().from?.symbol).toBe('ETH')
    expect(summary().to?.symbol).toBe('USDC')
    expect(summary().action.label).toBe('Enter an amount')
  })

  it('asks for one quote once typing pauses, with the last amount typed', async () => {
    const context = setup()
    await context.swap.load()
    context.swap.setAmount('0')
    context.swap.setAmount('0.1')
    await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS - 1)
    context.swap.setAmount('0.15')
    expect(context.summary().action.label).toBe('Getting quote…')
    await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS)
    expect(context.api.convertQuotes).toHaveBeenCalledTimes(1)
    expect(context.calls[0]).toBe(`quote ${parseUnits('0.15', 18)}`)
    expect(context.state().quoteStatus).toBe('ready')
    // 0.15 ETH at 3000 USD less 0.4%: 448.2 USDC.
    expect(context.summary()).toMatchObject({
      receive: '448.2',
      rate: '1 ETH = 2,988 USDC',
      minimumReceived: '443.718 USDC',
      action: { label: 'Swap', disabled: false },
    })
    expect(context.summary().priceImpact).toBeCloseTo(0.4, 6)
    // 150,000 gas at 2 gwei, at 3000 USD per ETH.
    expect(context.summary().networkFeeUsd).toBeCloseTo(0.9, 6)
  })

  it('keeps the quote of the latest amount when an older answer arrives after it', async () => {
    const context = setup()
    await context.swap.load()
    const slow: ((value: unknown) => void)[] = []
    const fast = context.api.convertQuotes.getMockImplementation()
    if (!fast) throw new Error('no stub')
    context.api.convertQuotes.mockImplementationOnce(
      (query) => new Promise((resolve) => slow.push(() => resolve(fast(query)))),
    )
    await typeAmount(context, '0.1')
    expect(context.api.convertQuotes).toHaveBeenCalledTimes(1)
    await typeAmount(context, '0.2')
    expect(context.summary().receive).toBe('597.6')
    slow[0]?.(undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(context.summary().receive).toBe('597.6')
    expect(context.state().quote?.fromAmount).toBe(parseUnits('0.2', 18).toString())
  })

  it('says what is wrong with the amount without asking the server', async () => {
    const context = setup()
    await context.swap.load()
    await typeAmount(context, 'abc')
    expect(context.summary().action).toMatchObject({ label: 'Invalid amount', disabled: true })
    expect(context.state().issue?.message).toBe('Enter a number, e.g. 0.1')
    await typeAmount(context, '0.0000000000000000001')
    expect(context.state().issue?.message).toMatchObject({ english: 'ETH has at most 18 decimals' })
    await typeAmount(context, '2')
    expect(context.summary().action).toMatchObject({
      label: 'Insufficient balance',
      disabled: true,
    })
    expect(context.state().issue?.message).toBe('Insufficient balance')
    expect(context.api.convertQuotes).toHaveBeenCalledTimes(1)
    // Short of balance, the quote still shows what the amount would give; no swap is built.
    expect(context.api.buildTransaction).not.toHaveBeenCalled()
    await context.swap.swap()
    expect(context.evm.sendTransaction).not.toHaveBeenCalled()
  })

  it('shows the server’s message when no route gives anything', async () => {
    const context = setup()
    await context.swap.load()
    context.api.convertQuotes.mockRejectedValueOnce(
      new HttpStatusError(400, 'No liquidity for this pair'),
    )
    await typeAmount(context, '1')
    expect(context.state().quoteStatus).toBe('error')
    expect(context.state().issue).toEqual({
      kind: 'no-liquidity',
      message: 'No liquidity for this pair',
    })
    expect(context.summary().action).toMatchObject({ label: 'No liquidity', disabled: true })
  })

  it('approves the router for the amount, then swaps: two transactions, in order', async () => {
    const context = setup()
    await context.swap.load()
    context.swap.setFrom(USDC)
    context.swap.setTo(DAI)
    await typeAmount(context, '100')
    expect(context.summary().action).toMatchObject({ label: 'Approve USDC', disabled: false })
    context.calls.length = 0

    const hash = await context.swap.swap()

    expect(context.calls).toEqual([
      'build-approve',
      `send to ${addressOf(USDC)}`,
      'wait 1',
      'build-swap',
      `send to ${addressOf(ROUTER)}`,
      'wait 2',
    ])
    expect(context.api.buildApprove).toHaveBeenCalledWith(
      expect.objectContaining({ amount: '100000000', from: USDC, to: DAI, userAddress: USER }),
    )
    expect(context.steps).toEqual(['approving', 'swapping', 'done'])
    expect(hash).toBe(context.state().txHash)
    expect(context.snackbar.showSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ english: 'Swapped 100 USDC for 99.6 DAI' }),
    )
    expect(context.events.emit).toHaveBeenCalledWith({
      type: 'track',
      event: 'SWAP_SUCCESS',
      properties: { chain: expect.stringMatching(/^eip155:\d+$/), from: 'USDC', to: 'DAI' },
    })
    expect(context.summary().action.label).toBe('Swap again')
  })

  it('swaps the native coin without an approval', async () => {
    const context = setup()
    await context.swap.load()
    await typeAmount(context, '0.1')
    context.calls.length = 0
    await context.swap.swap()
    expect(context.calls).toEqual(['build-swap', `send to ${addressOf(ROUTER)}`, 'wait 1'])
    expect(context.evm.sendTransaction).toHaveBeenCalledWith(
      expect.objectContaining({ value: 10n ** 17n }),
    )
    expect(context.snackbar.showSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ english: 'Swapped 0.1 ETH for 298.8 USDC' }),
    )
  })

  it('declined in the wallet: says so, sends nothing more and keeps the input', async () => {
    const context = setup()
    await context.swap.load()
    context.swap.setFrom(USDC)
    context.swap.setTo(DAI)
    await typeAmount(context, '100')
    context.evm.sendTransaction.mockRejectedValueOnce(
      new UserRejectedError('User rejected the request'),
    )
    context.calls.length = 0

    expect(await context.swap.swap()).toBeUndefined()

    expect(context.calls).toEqual(['build-approve'])
    expect(context.evm.waitForTransaction).not.toHaveBeenCalled()
    expect(context.state()).toMatchObject({
      step: 'review',
      issue: { kind: 'declined', message: 'Signature declined' },
      amount: '100',
      from: USDC,
      to: DAI,
      quoteStatus: 'ready',
    })
    expect(context.snackbar.showError).toHaveBeenCalledWith('Signature declined')
    expect(context.events.emit).toHaveBeenCalledWith({
      type: 'track',
      event: 'SWAP_ERROR',
      properties: expect.objectContaining({
        from: 'USDC',
        to: 'DAI',
        message: 'Signature declined',
      }),
    })
    // The user may try again from where they were.
    expect(context.summary().action).toMatchObject({ label: 'Approve USDC', disabled: false })
  })

  it('declined at the swap after the approval was mined: the next try only swaps', async () => {
    const context = setup()
    await context.swap.load()
    context.swap.setFrom(USDC)
    context.swap.setTo(DAI)
    await typeAmount(context, '100')
    context.evm.sendTransaction
      .mockImplementationOnce(async () => `0x${'1'.padStart(64, '0')}`)
      .mockRejectedValueOnce(new UserRejectedError('User rejected the request'))
    await context.swap.swap()
    expect(context.state().issue?.message).toBe('Signature declined')
    expect(context.summary().action.label).toBe('Swap')
    context.calls.length = 0
    await context.swap.swap()
    expect(context.calls[0]).toBe('build-swap')
    expect(context.state().step).toBe('done')
  })

  it('fetches a quote older than QUOTE_REFRESH_MS again before anything is signed', async () => {
    const context = setup()
    await context.swap.load()
    await typeAmount(context, '0.1')
    await vi.advanceTimersByTimeAsync(QUOTE_REFRESH_MS)
    context.calls.length = 0
    await context.swap.swap()
    expect(context.calls[0]).toBe(`quote ${10n ** 17n}`)
    expect(context.calls.at(-1)).toBe('wait 1')
  })

  it('stops before signing when the fresh quote gives less than the one shown', async () => {
    const context = setup()
    await context.swap.load()
    await typeAmount(context, '0.1')
    await vi.advanceTimersByTimeAsync(QUOTE_REFRESH_MS)
    context.movePrice(0.9)
    await context.swap.swap()
    expect(context.evm.sendTransaction).not.toHaveBeenCalled()
    expect(context.state().issue).toEqual({
      kind: 'price-changed',
      message: 'The price changed: review the new quote',
    })
    expect(context.summary().receive).toBe('268.92')
    expect(context.summary().action.label).toBe('Swap')
  })

  it('stops when the transaction built gives less than the minimum shown', async () => {
    const context = setup()
    await context.swap.load()
    await typeAmount(context, '0.1')
    context.movePrice(0.98)
    await context.swap.swap()
    expect(context.evm.sendTransaction).not.toHaveBeenCalled()
    expect(context.state().issue?.kind).toBe('price-changed')
    expect(context.snackbar.showError).toHaveBeenCalledWith(
      'The price changed: review the new quote',
    )
  })

  it('sends nothing the server built to pay another account', async () => {
    const context = setup()
    await context.swap.load()
    await typeAmount(context, '0.1')
    context.api.buildTransaction.mockResolvedValueOnce({
      tx: swapTx({
        from: ETH,
        to: USDC,
        amount: 10n ** 17n,
        amountOutMin: 10n ** 9n,
        recipient: '0x000000000000000000000000000000000000dEaD',
      }),
    })
    await context.swap.swap()
    expect(context.evm.sendTransaction).not.toHaveBeenCalled()
    expect(context.state().issue).toEqual({
      kind: 'swap-failed',
      message: 'The swap could not be prepared safely',
    })
  })

  it('fills Max with all that is held of an ERC-20, not of the native coin', async () => {
    const context = setup()
    await context.swap.load()
    context.swap.setMax()
    expect(context.state().amount).toBe('')
    context.swap.flip()
    expect(context.summary().from?.symbol).toBe('USDC')
    context.swap.setMax()
    expect(context.state().amount).toBe('1234.5')
  })

  it('starts over when the wallet moves to another account', async () => {
    const context = setup()
    await context.swap.load()
    await typeAmount(context, '0.1')
    context.connection.set(evmAccount('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', 31337))
    expect(context.state()).toMatchObject({ tokensStatus: 'idle', amount: '', tokens: [] })
  })

  it("refuses on a family swaps do not serve, with the spec's message, asking the server nothing", async () => {
    const context = setup()
    const solana = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    context.connection.set({
      namespace: 'solana',
      address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      caipAddress: `${solana}:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`,
      caipNetworkId: solana,
    })
    await context.swap.load()
    expect(context.state()).toMatchObject({
      tokensStatus: 'error',
      issue: { kind: 'quote-failed', message: 'Network not supported for Swaps' },
    })
    expect(context.calls).toEqual([])
  })
})
