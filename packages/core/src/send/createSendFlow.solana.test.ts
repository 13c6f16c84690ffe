import type { TokenBalance } from '@latch/protocol'
import { englishText } from '@latch/protocol/i18n'
import { describe, expect, it } from 'vitest'
import type { BalancesState } from '../balances/createBalances.ts'
import { solanaTransferPreparation } from '../chains/solana/prepareTransfer.ts'
import { createTestAccount } from '../chains/testAccount.ts'
import type { Transfer, TransferFee } from '../chains/types.ts'
import { UserRejectedError } from '../errors.ts'
import { createModal } from '../modal/index.ts'
import { createRouter } from '../router/index.ts'
import { createStore } from '../store.ts'
import { balanceKey } from './balanceKey.ts'
import { createSendFlow } from './createSendFlow.ts'

const NETWORK = 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K'
const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const RECEIVER = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const SIGNATURE = '5'.repeat(88)
const RENT = 2_039_280n

const sol: TokenBalance = {
  name: 'Solana',
  symbol: 'SOL',
  chainId: NETWORK,
  price: 0,
  quantity: { decimals: '9', numeric: '2' },
  iconUrl: 'https://server.example/sol.svg',
}
const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: NETWORK,
  address: `${NETWORK}:${MINT}`,
  price: 1,
  quantity: { decimals: '6', numeric: '100' },
  iconUrl: 'https://server.example/usdc.svg',
}

function setup(
  options: { lamports?: bigint; decline?: boolean; receiverHasAccount?: boolean } = {},
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
    balances: [sol, usdc],
    totalUsd: 100,
  })
  const account = createTestAccount({
    namespace: 'solana',
    address: OWNER,
    caipAddress: `${NETWORK}:${OWNER}`,
    caipNetworkId: NETWORK,
  })
  const fees: Transfer[] = []
  const sent: unknown[] = []
  const toasts: string[] = []
  let mined: (success: boolean) => void = () => {}
  const flow = createSendFlow({
    family: () => ({ transferPreparation: solanaTransferPreparation }),
    balances,
    account,
    resolveName: async () => {
      throw new Error('names are not looked up on Solana')
    },
    estimateFee: async () => {
      throw new Error('no gas on Solana')
    },
    transferFee: async (transfer): Promise<TransferFee> => {
      fees.push(transfer)
      return transfer.token && !options.receiverHasAccount
        ? { fee: 5000n + RENT, tokenAccountRent: RENT, exact: true }
        : { fee: 5000n, exact: true }
    },
    nativeBalance: async () => options.lamports ?? 2_000_000_000n,
    send: async (request) => {
      sent.push(request)
      if (options.decline) throw new UserRejectedError('User rejected the request')
      return { id: SIGNATURE, caipNetworkId: NETWORK }
    },
    waitForTransfer: () => new Promise((resolve) => (mined = (success) => resolve({ success }))),
    network: () => ({ nativeCurrency: { symbol: 'SOL', decimals: 9 } }),
    snackbar: {
      showSuccess: (message) => toasts.push(`success: ${englishText(message)}`),
      showError: (message) => toasts.push(`error: ${String(message)}`),
    },
    router,
    modal,
  })
  modal.open({ view: 'Account' })
  router.push('Send')
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { flow, fees, sent, toasts, settle, mine: (success: boolean) => mined(success) }
}

describe('createSendFlow on Solana', () => {
  it('shows the per-signature fee as soon as SOL is chosen, without asking the chain, as an estimate', () => {
    const { flow, fees } = setup()
    flow.selectToken(balanceKey(sol))
    expect(flow.state.get().fee).toEqual({
      status: 'ready',
      fee: 5000n,
      symbol: 'SOL',
      decimals: 9,
    })
    expect(fees).toEqual([])
  })

  it('reviews a SOL send, sends it, and says when it is confirmed', async () => {
    const { flow, fees, sent, toasts, settle, mine } = setup()
    flow.selectToken(balanceKey(sol))
    flow.setAmount('0.5')
    flow.setReceiver(RECEIVER)
    await flow.review()
    const state = flow.state.get()
    expect(state.step).toBe('review')
    expect(state.review?.request.receiver).toBe(RECEIVER)
    expect(state.review?.shortfall).toBeUndefined()
    // The review's fee is the family's reckoning of the built transfer: exact, not a bound.
    expect(state.fee).toEqual({
      status: 'ready',
      fee: 5000n,
      symbol: 'SOL',
      decimals: 9,
      exact: true,
    })
    expect(fees).toEqual([{ to: RECEIVER, amount: 500_000_000n }])
    await flow.send()
    expect(sent).toHaveLength(1)
    expect(flow.state.get().result).toMatchObject({ hash: SIGNATURE, status: 'pending' })
    mine(true)
    await settle()
    expect(flow.state.get().result?.status).toBe('confirmed')
    expect(toasts).toEqual(['success: Sent 0.5 SOL'])
  })

  it("adds the rent of the receiver's new token account to the fee of a token send", async () => {
    const { flow, fees } = setup()
    flow.selectToken(balanceKey(usdc))
    flow.setAmount('12.5')
    flow.setReceiver(RECEIVER)
    await flow.review()
    expect(fees).toEqual([{ to: RECEIVER, amount: 12_500_000n, token: `${NETWORK}:${MINT}` }])
    expect(flow.state.get().fee).toMatchObject({
      status: 'ready',
      fee: 5000n + RENT,
      tokenAccountRent: RENT,
      exact: true,
    })
  })

  it('refuses an amount above the balance before the review', async () => {
    const { flow } = setup({ lamports: 1_000_000_000n })
    flow.selectToken(balanceKey(sol))
    flow.setAmount('1.5')
    flow.setReceiver(RECEIVER)
    await flow.review()
    expect(flow.state.get()).toMatchObject({
      step: 'form',
      error: { key: 'send.insufficientBalance', english: 'Insufficient SOL balance' },
    })
  })

  it('keeps Send off when SOL cannot pay the amount and the fee', async () => {
    const { flow } = setup({ lamports: 500_000_000n })
    flow.selectToken(balanceKey(sol))
    flow.setAmount('0.5')
    flow.setReceiver(RECEIVER)
    await flow.review()
    expect(flow.state.get().review?.shortfall).toMatchObject({
      english: expect.stringMatching(/^Not enough SOL/),
    })
  })

  it('tells the Solana address rule for a bad receiver', async () => {
    const { flow } = setup()
    flow.selectToken(balanceKey(sol))
    flow.setAmount('0.1')
    flow.setReceiver('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await flow.review()
    expect(flow.state.get().error).toMatchObject({
      key: 'send.invalidReceiverBecause',
      english: 'Invalid receiver address. A Solana address is 32 to 44 base58 characters.',
    })
  })

  it('goes back to the review with Signature declined when the wallet declines', async () => {
    const { flow } = setup({ decline: true })
    flow.selectToken(balanceKey(sol))
    flow.setAmount('0.5')
    flow.setReceiver(RECEIVER)
    await flow.review()
    await flow.send()
    expect(flow.state.get()).toMatchObject({ step: 'review', error: 'Signature declined' })
  })

  it('keeps two signatures of fees back on Max for SOL', async () => {
    const { flow } = setup({ lamports: 1_000_000_000n })
    flow.selectToken(balanceKey(sol))
    await flow.max()
    expect(flow.state.get().amount).toBe('0.99999')
  })
})
