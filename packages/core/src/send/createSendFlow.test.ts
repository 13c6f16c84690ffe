import type { TokenBalance } from '@latch/protocol'
import { englishText } from '@latch/protocol/i18n'
import { type Address, decodeFunctionData, erc20Abi, type Hex, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import type { BalancesState } from '../balances/createBalances.ts'
import { evmTransferPreparation } from '../chains/evm/prepareTransfer.ts'
import { createTestAccount, evmAccount } from '../chains/testAccount.ts'
import { LatchError, UserRejectedError } from '../errors.ts'
import { createModal } from '../modal/index.ts'
import { createRouter } from '../router/index.ts'
import { createStore } from '../store.ts'
import { balanceKey } from './balanceKey.ts'
import { createSendFlow } from './createSendFlow.ts'

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const HASH = `0x${'ab'.repeat(32)}` as Hex
const GWEI = 10n ** 9n

const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 3000,
  value: 4500,
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: 'https://server.example/eth.svg',
}
const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: `eip155:31337:${USDC}`,
  price: 1,
  value: 1234.5,
  quantity: { decimals: '6', numeric: '1234.5' },
  iconUrl: 'https://server.example/usdc.svg',
}

type Estimate = { from: Address; to: Address; value: bigint; data?: Hex; chainId: number }

function setup(
  options: {
    nativeBalance?: bigint
    explorer?: { name: string; url: string }
    send?: () => Promise<Hex>
    resolveName?: (name: string) => Promise<Address>
    /** The flow is made as the Send view first renders, the modal already on it. */
    madeInView?: boolean
  } = {},
) {
  let modal: ReturnType<typeof createModal> | undefined
  const router = createRouter({ closeModal: () => modal?.close() })
  modal = createModal({
    router,
    isConnected: () => true,
    isSignInRequired: () => false,
    hasSession: () => false,
  })
  const balances = createStore<BalancesState>({
    status: 'success',
    balances: [eth, usdc],
    totalUsd: 5734.5,
  })
  const connection = createTestAccount(evmAccount(ACCOUNT, 31337))
  if (options.madeInView) {
    modal.open({ view: 'Account' })
    router.push('Send')
  }
  const pending: (() => void)[] = []
  const estimates: Estimate[] = []
  let balanceReads = 0
  const sent: unknown[] = []
  const toasts: string[] = []
  let mined: (success: boolean) => void = () => {}
  let lost: (error: Error) => void = () => {}
  const tracked: unknown[] = []
  const flow = createSendFlow({
    events: { emit: (event) => tracked.push(event) },
    family: () => ({ transferPreparation: evmTransferPreparation }),
    balances,
    account: connection,
    resolveName:
      options.resolveName ??
      (async (name) => {
        if (name === 'alice.latch.id') return RECEIVER
        throw new LatchError(`${name} is not a registered name`)
      }),
    estimateFee: async (transaction) => {
      estimates.push(transaction)
      // 21,000 gas for the native coin, 50,000 for a token, at 2 gwei at most.
      return { gas: transaction.data ? 50_000n : 21_000n, maxFeePerGas: 2n * GWEI }
    },
    transferFee: async () => {
      throw new Error('EVM reckons its fee from gas')
    },
    nativeBalance: async () => {
      balanceReads++
      return options.nativeBalance ?? parseEther('1.5')
    },
    send: async (request) => {
      sent.push(request)
      return { id: options.send ? await options.send() : HASH, caipNetworkId: 'eip155:31337' }
    },
    waitForTransfer: () =>
      new Promise((resolve, reject) => {
        mined = (success) => resolve({ success })
        lost = reject
      }),
    network: () => ({
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      ...(options.explorer ? { blockExplorers: { default: options.explorer } } : {}),
    }),
    snackbar: {
      showSuccess: (message) => toasts.push(`success: ${englishText(message)}`),
      showError: (message) => toasts.push(`error: ${String(message)}`),
    },
    router,
    modal,
    timers: {
      setTimeout: (callback) => pending.push(callback),
      clearTimeout: () => {},
    },
  })
  if (!options.madeInView) {
    modal.open({ view: 'Account' })
    router.push('Send')
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  const elapse = async () => {
    for (const callback of pending.splice(0)) callback()
    await settle()
  }
  return {
    tracked,
    flow,
    router,
    modal,
    connection,
    estimates,
    sent,
    toasts,
    balanceReads: () => balanceReads,
    settle,
    elapse,
    mine: async (success: boolean) => {
      mined(success)
      await settle()
    },
    /** The wait for the receipt ends without one. */
    loseReceipt: async (error: Error) => {
      lost(error)
      await settle()
    },
    state: () => flow.state.get(),
  }
}

describe('the Send flow', () => {
  it('says what is missing (token, then amount and receiver), then what the balance cannot cover', async () => {
    const { flow, state } = setup()
    await flow.review()
    expect(state().error).toBe('A token is required')
    flow.selectToken(balanceKey(usdc))
    await flow.review()
    expect(state().error).toBe('An amount and receiver address are required')
    flow.setAmount('5000')
    flow.setReceiver(RECEIVER.slice(2))
    await flow.review()
    expect(state().error).toMatchObject({ english: 'Insufficient USDC balance' })
    flow.setReceiver('0x1234')
    flow.setAmount('1')
    await flow.review()
    expect(state().error).toBe('Invalid receiver address')
    expect(state().step).toBe('form')
  })

  it('refuses a receiver whose mixed case is not its checksum, saying why in a phrase', async () => {
    const { flow, state } = setup()
    flow.selectToken(balanceKey(usdc))
    flow.setAmount('1')
    // One letter of the receiver in the wrong case.
    flow.setReceiver(RECEIVER.replace('3C44', '3c44'))
    await flow.review()
    expect(state().error).toMatchObject({
      key: 'send.invalidReceiverBecause',
      english:
        "Invalid receiver address. The mix of capital and small letters does not match this address's checksum: a character is likely mistyped.",
    })
    expect(state().step).toBe('form')
  })

  it('shows the fee of sending the chosen token, in ETH and USD', async () => {
    const { flow, state, estimates, settle } = setup()
    flow.selectToken(balanceKey(usdc))
    expect(state().fee.status).toBe('loading')
    await settle()
    expect(state().fee).toEqual({
      status: 'ready',
      fee: 100_000n * GWEI,
      symbol: 'ETH',
      decimals: 18,
      usd: 0.3,
    })
    // A transfer of nothing to the account itself: no token moves to estimate it.
    const [sample] = estimates
    expect(sample?.to).toBe(USDC)
    expect(decodeFunctionData({ abi: erc20Abi, data: sample?.data ?? '0x' }).args).toEqual([
      ACCOUNT,
      0n,
    ])
  })

  it('checks the fee against the native balance before the wallet is asked', async () => {
    const { flow, state, sent } = setup({ nativeBalance: 20_000n * GWEI })
    flow.selectToken(balanceKey(usdc))
    flow.setAmount('12.5')
    flow.setReceiver(RECEIVER)
    await flow.review()
    expect(state().step).toBe('review')
    // Gas limit x the highest price: a bound on the fee, never flagged exact.
    expect(state().fee).toEqual({
      status: 'ready',
      fee: 100_000n * GWEI,
      symbol: 'ETH',
      decimals: 18,
      usd: 0.3,
    })
    expect(state().review?.shortfall).toMatchObject({
      key: 'send.shortfallFee',
      english: 'Not enough ETH for the network fee: you need 0.00008 ETH more',
    })
    await flow.send()
    expect(sent).toEqual([])
    expect(state().step).toBe('review')
  })

  it('reads the native balance from the chain once per review, for the coin as for a token', async () => {
    const { flow, state, balanceReads } = setup({ nativeBalance: 20_000n * GWEI })
    flow.selectToken(balanceKey(eth))
    flow.setAmount('0.00001')
    flow.setReceiver(RECEIVER)
    await flow.review()
    // The one read checks the amount and then the fee: 0.00001 ETH + 0.000042 ETH > 0.00002 ETH.
    expect(state().review?.shortfall).toMatchObject({
      english: expect.stringMatching(/^Not enough ETH/),
    })
    expect(balanceReads()).toBe(1)
    flow.edit()
    flow.selectToken(balanceKey(usdc))
    flow.setAmount('1')
    await flow.review()
    expect(state().step).toBe('review')
    expect(balanceReads()).toBe(2)
  })

  it('looks a name up once typing pauses and sends to its address; an unknown name says so', async () => {
    const { flow, state, elapse, sent } = setup()
    flow.selectToken(balanceKey(eth))
    flow.setAmount('0.5')
    flow.setReceiver('bob.latch.id')
    expect(state().resolution).toEqual({ status: 'resolving', name: 'bob.latch.id' })
    await elapse()
    expect(state().resolution).toEqual({
      status: 'error',
      name: 'bob.latch.id',
      message: 'bob.latch.id is not a registered name',
    })
    await flow.review()
    expect(state().error).toBe('bob.latch.id is not a registered name')

    flow.setReceiver('alice.latch.id')
    await elapse()
    expect(state().resolution).toMatchObject({ status: 'resolved', address: RECEIVER })
    await flow.review()
    expect(state().review).toEqual({
      request: { token: { decimals: 18, symbol: 'ETH' }, amount: '0.5', receiver: RECEIVER },
      receiverName: 'alice.latch.id',
    })
    expect(state().error).toBeUndefined()
    await flow.send()
    expect(sent).toEqual([
      { token: { decimals: 18, symbol: 'ETH' }, amount: '0.5', receiver: RECEIVER },
    ])
  })

  it('ends on one result screen: the hash, the explorer page, then whether it was mined', async () => {
    const { flow, state, mine, toasts, tracked } = setup({
      explorer: { name: 'Latchscan', url: 'https://scan.example/' },
    })
    flow.selectToken(balanceKey(usdc))
    flow.setAmount('12.5')
    flow.setReceiver(RECEIVER)
    await flow.review()
    await flow.send()
    expect(state().step).toBe('sent')
    expect(state().result).toEqual({
      hash: HASH,
      chainId: 'eip155:31337',
      explorerUrl: `https://scan.example/tx/${HASH}`,
      explorerName: 'Latchscan',
      amount: '12.5',
      symbol: 'USDC',
      receiver: RECEIVER,
      status: 'pending',
    })
    await mine(true)
    expect(state().result?.status).toBe('confirmed')
    expect(toasts).toEqual(['success: Sent 12.5 USDC'])
    expect(tracked).toEqual([
      {
        type: 'track',
        event: 'SEND_SUCCESS',
        properties: { chain: 'eip155:31337', token: 'USDC' },
      },
    ])
    flow.reset()
    expect(state()).toMatchObject({ step: 'form', tokenKey: undefined, amount: '', receiver: '' })
  })

  it('a network without an explorer has no explorer link; a reverted transfer says it failed', async () => {
    const { flow, state, mine, toasts } = setup({ madeInView: true })
    flow.selectToken(balanceKey(eth))
    flow.setAmount('0.1')
    flow.setReceiver(RECEIVER)
    await flow.review()
    await flow.send()
    expect(state().result).not.toHaveProperty('explorerUrl')
    await mine(false)
    expect(state().result?.status).toBe('failed')
    expect(toasts).toEqual(['error: The transaction failed on chain'])
  })

  it('a receipt that never comes ends the wait: the result says it is not confirmed yet', async () => {
    const { flow, state, loseReceipt, toasts } = setup()
    flow.selectToken(balanceKey(eth))
    flow.setAmount('0.1')
    flow.setReceiver(RECEIVER)
    await flow.review()
    await flow.send()
    expect(state().result?.status).toBe('pending')
    await loseReceipt(new LatchError('Timed out while waiting for the transaction'))
    expect(state()).toMatchObject({ step: 'sent', result: { hash: HASH, status: 'unconfirmed' } })
    expect(toasts).toEqual(['error: Timed out while waiting for the transaction'])
  })

  it('a declined or failed send goes back to the review with a plain message', async () => {
    let answer: () => Promise<Hex> = async () => {
      throw new UserRejectedError('User rejected the request')
    }
    const { flow, state, tracked } = setup({ send: () => answer() })
    flow.selectToken(balanceKey(eth))
    flow.setAmount('0.1')
    flow.setReceiver(RECEIVER)
    await flow.review()
    await flow.send()
    expect(state()).toMatchObject({ step: 'review', error: 'Signature declined' })
    answer = async () => {
      throw new Error('An internal error was received.')
    }
    await flow.send()
    expect(state()).toMatchObject({ step: 'review', error: 'Something went wrong' })
    expect(tracked).toEqual(
      ['Signature declined', 'Something went wrong'].map((message) => ({
        type: 'track',
        event: 'SEND_ERROR',
        properties: { chain: 'eip155:31337', token: 'ETH', message },
      })),
    )
  })

  it("survives the embedded wallet's approval view; leaving Send or closing the modal resets it", async () => {
    let approve: (hash: Hex) => void = () => {}
    const { flow, state, router, modal } = setup({
      send: () => new Promise<Hex>((resolve) => (approve = resolve)),
    })
    flow.selectToken(balanceKey(eth))
    flow.setAmount('0.1')
    flow.setReceiver(RECEIVER)
    await flow.review()
    const sending = flow.send()
    router.push('ApproveTransaction', { approvalMethod: 'eth_sendTransaction' })
    expect(state().step).toBe('sending')
    approve(HASH)
    router.goBack()
    await sending
    expect(state()).toMatchObject({ step: 'sent', result: { hash: HASH } })

    router.goBack()
    expect(state().step).toBe('form')
    router.push('Send')
    flow.setAmount('1')
    modal.close()
    expect(state().amount).toBe('')
  })

  it('another account or network starts afresh', async () => {
    const { flow, state, connection } = setup()
    flow.selectToken(balanceKey(eth))
    flow.setAmount('0.1')
    connection.set(evmAccount(ACCOUNT, 31338))
    expect(state()).toMatchObject({ step: 'form', tokenKey: undefined, amount: '' })
  })

  it('Max: all of a token; of the native coin, less twice the fee of the transfer', async () => {
    const { flow, state } = setup()
    await flow.max()
    expect(state().error).toBe('A token is required')
    flow.selectToken(balanceKey(usdc))
    await flow.max()
    expect(state().amount).toBe('1234.5')
    flow.selectToken(balanceKey(eth))
    await flow.max()
    expect(state().amount).toBe('1.499916')
  })
})
