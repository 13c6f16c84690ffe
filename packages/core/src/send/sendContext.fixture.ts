import type { TokenBalance } from '@latch/protocol'
import { englishText } from '@latch/protocol/i18n'
import { parseUnits } from 'viem'
import type { BalancesState } from '../balances/createBalances.ts'
import { createTestAccount, evmAccount } from '../chains/testAccount.ts'
import type { ChainAdapter, SentTransfer, Transfer, TransferPreparation } from '../chains/types.ts'
import { createModal } from '../modal/index.ts'
import { createRouter } from '../router/index.ts'
import { createStore } from '../store.ts'
import { balanceKey } from './balanceKey.ts'
import { createSendContext } from './sendContext.ts'
import type { SendFlowDeps } from './sendFlowDeps.ts'
import type { SendFeeRate } from './sendFlowTypes.ts'
import type { SendRequest } from './validateSend.ts'

export const SENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
export const NETWORK = 'eip155:31337'

export const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: NETWORK,
  price: 2000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: 'https://server.example/eth.svg',
}
export const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: NETWORK,
  address: `${NETWORK}:0x5FbDB2315678afecb367f032d93F642f64180aa3`,
  price: 1,
  quantity: { decimals: '6', numeric: '100' },
  iconUrl: 'https://server.example/usdc.svg',
}
/** Fee rates read (1, 2 and 4 sat/vB), not yet priced for a transfer. */
export const readyFeeRate: SendFeeRate = {
  status: 'ready',
  choice: 'normal',
  custom: '',
  options: [
    { speed: 'slow', rate: 1, fee: 0n },
    { speed: 'normal', rate: 2, fee: 0n },
    { speed: 'fast', rate: 4, fee: 0n },
  ],
}
export const ETH_KEY = balanceKey(eth)
export const USDC_KEY = balanceKey(usdc)

/** A family that takes any receiver as typed and charges 1000 units; each test changes what it needs. */
export const plainPreparation: TransferPreparation = {
  async check(draft) {
    if (!draft.token) throw new Error('A token is required')
    return {
      to: draft.receiver ?? '',
      amount: parseUnits((draft.amount ?? '0').trim(), draft.token.decimals),
      ...(draft.token.address ? { token: `${NETWORK}:${draft.token.address}` as const } : {}),
    }
  },
  formFee: async () => ({ fee: 1000n }),
  reviewFee: async () => ({ fee: 1000n }),
  maxNative: async () => 5n * 10n ** 17n,
}

type Family = Pick<ChainAdapter, 'feeRates' | 'maxTransfer'> & {
  transferPreparation?: TransferPreparation
}

/**
 * The Send flow's context over a connected account on a local EVM network, holding ETH and USDC,
 * with what it sends and shows written down; `family` stands in for the adapter's part.
 */
export function sendContextFixture(
  options: {
    family?: Family
    nativeBalance?: bigint
    send?: (request: SendRequest) => Promise<SentTransfer>
    inFlow?: boolean
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
    totalUsd: 2100,
  })
  const sent: SendRequest[] = []
  const fees: Transfer[] = []
  const toasts: string[] = []
  const tracked: unknown[] = []
  const timers: (() => void)[] = []
  let mined: (success: boolean) => void = () => {}
  const deps: SendFlowDeps = {
    events: { emit: (event) => tracked.push(event) },
    balances,
    account: createTestAccount(evmAccount(SENDER, 31337)),
    resolveName: async (name) => {
      if (name === 'alice.latch.id') return RECEIVER
      throw new Error(`${name} is not a registered name`)
    },
    estimateFee: async () => ({ gas: 21_000n, maxFeePerGas: 1n }),
    transferFee: async (transfer) => {
      fees.push(transfer)
      return { fee: 1000n }
    },
    family: () => options.family ?? { transferPreparation: plainPreparation },
    nativeBalance: async () => options.nativeBalance ?? 10n ** 18n,
    send:
      options.send ??
      (async (request) => {
        sent.push(request)
        return { id: '0xabc', caipNetworkId: NETWORK }
      }),
    waitForTransfer: () => new Promise((resolve) => (mined = (success) => resolve({ success }))),
    network: () => ({
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.example/' } },
    }),
    snackbar: {
      showSuccess: (message) => toasts.push(`success: ${englishText(message)}`),
      showError: (message) => toasts.push(`error: ${String(message)}`),
    },
    router,
    modal,
    timers: {
      setTimeout: (callback) => timers.push(callback),
      clearTimeout: () => {},
    },
  }
  const context = createSendContext(deps, { inFlow: () => options.inFlow ?? true })
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return {
    context,
    deps,
    sent,
    fees,
    toasts,
    tracked,
    settle,
    /** Typing pauses: pending name look-ups run. */
    elapse: async () => {
      for (const callback of timers.splice(0)) callback()
      await settle()
    },
    mine: async (success: boolean) => {
      mined(success)
      await settle()
    },
    state: () => context.state(),
  }
}

/** The fixture's sender: its account is connected and its family has a part in Send. */
export function connectedSender(context: ReturnType<typeof sendContextFixture>['context']) {
  const sender = context.sender()
  if (!sender) throw new Error('The fixture has no sender')
  return sender
}
