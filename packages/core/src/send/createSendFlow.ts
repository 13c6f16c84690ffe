import type { CaipNetworkId, TokenBalance } from '@latch/protocol'
import { shortfallOf } from '@latch/protocol/fees'
import { decimal, englishText, type Text } from '@latch/protocol/i18n'
import { type Address, encodeFunctionData, erc20Abi, formatUnits, parseUnits } from 'viem'
import type { BalancesState } from '../balances/createBalances.ts'
import type { ActiveAccount } from '../chains/createConnections.ts'
import type { EvmAdapter } from '../chains/evm/createEvmAdapter.ts'
import { evmChainIdOf, serves } from '../chains/serves.ts'
import type {
  ChainAdapter,
  FeeRates,
  SentTransfer,
  Transfer,
  TransferFee,
  TransferReceipt,
} from '../chains/types.ts'
import { connectionMoved } from '../connection/connectionMoved.ts'
import { displayText } from '../displayMessage.ts'
import { LatchError } from '../errors.ts'
import type { EventsController } from '../events/createEvents.ts'
import { phrase } from '../i18n/phrases.ts'
import type { ModalController } from '../modal/index.ts'
import { isNameLike } from '../names/resolveName.ts'
import type { RouterController } from '../router/index.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import { createStore, type ReadableStore } from '../store.ts'
import { evmChecksumRefusal } from '../validation/evmReceiver.ts'
import { balanceKey } from './balanceKey.ts'
import { chosenRate, feeOptions, TYPICAL_BITCOIN_VSIZE } from './bitcoinFeeRate.ts'
import type { FeeSpeed, SendFee, SendFeeRate, SendFlowState, SendResult } from './sendFlowTypes.ts'
import { existentialDepositProblem } from './validatePolkadotSend.ts'
import {
  maxNativeSend,
  type SendRequest,
  transferOf,
  validateSend,
  validateSolanaSend,
} from './validateSend.ts'

/** The families the Send flow serves; each checks the receiver and reckons the fee its own way. */
export const SEND_NAMESPACES = ['eip155', 'solana', 'bip122', 'polkadot'] as const

/** What a Solana transfer costs before any receiver's token account: one signature. */
const SOLANA_SIGNATURE_FEE = 5000n

/** Typing pauses this long before a name in the receiver field is looked up. */
export const RESOLVE_DEBOUNCE_MS = 300

/** The views of the Send flow: the approval screen of the embedded wallet is one of its steps. */
const FLOW_VIEWS: ReadonlySet<string> = new Set(['Send', 'ApproveTransaction'])

export type SendFlowDeps = {
  /** Where SEND_SUCCESS and SEND_ERROR go (chain, token symbol, the sentence shown). */
  events?: Pick<EventsController, 'emit'>
  /** The account's balances on the active network: the tokens to send. */
  balances: ReadableStore<BalancesState>
  /** The active account in CAIP form: the sender, on its network. */
  account: ReadableStore<ActiveAccount | undefined>
  /** The address a name points to on the connected chain; throws a LatchError saying why not. */
  resolveName(name: string): Promise<Address>
  /** Gas of a transaction, and the highest price per gas it may pay (what the node checks). */
  estimateFee: EvmAdapter['estimateFee']
  /** The fee of a transfer, for the families that can tell it without the wallet (Solana, Bitcoin). */
  transferFee(transfer: Transfer): Promise<TransferFee>
  /**
   * The active family's adapter, for what only some families offer: Bitcoin's fee rates (sat/vB)
   * and the most a transfer at a rate can send once its fee is paid.
   */
  family?(): Pick<ChainAdapter, 'feeRates' | 'maxTransfer'>
  /**
   * The native balance as the family reads it: EVM's from the chain now, Solana's from the server's
   * copy, which is read again after every confirmed transaction of the account.
   */
  nativeBalance(address: Address, caipNetworkId: CaipNetworkId): Promise<bigint>
  /** Checks and sends through the family adapter; resolves once the wallet sent it. */
  send(request: SendRequest): Promise<SentTransfer>
  /** Waits through the family adapter until the chain ran the transfer. */
  waitForTransfer(sent: SentTransfer): Promise<TransferReceipt>
  /** What the site says of a network: its native coin and explorer. */
  network(caipNetworkId: CaipNetworkId):
    | {
        name?: string
        nativeCurrency: { symbol: string; decimals: number }
        blockExplorers?: { default: { name: string; url: string } }
        /** Polkadot: the prefix its addresses are written with. */
        ss58Prefix?: number
      }
    | undefined
  snackbar: Pick<SnackbarController, 'showSuccess' | 'showError'>
  router: Pick<RouterController, 'state'>
  modal: Pick<ModalController, 'state'>
  timers?: {
    setTimeout(callback: () => void, ms: number): unknown
    clearTimeout(handle: unknown): void
  }
}

export type SendFlowController = {
  readonly state: ReadableStore<SendFlowState>
  /** Chooses the token to send by its balance key, and estimates the fee of sending it. */
  selectToken(key: string): void
  setAmount(amount: string): void
  /** The receiver as typed: an address, or a name looked up once typing pauses. */
  setReceiver(receiver: string): void
  /** All of the token; for the native coin, less twice the fee of the transfer itself. */
  max(): Promise<void>
  /** Bitcoin: the fee rate by speed, or `custom` for the rate typed with `setCustomFeeRate`. */
  setFeeSpeed(choice: FeeSpeed | 'custom'): void
  /** Bitcoin: a fee rate typed, in sat/vB; it becomes the choice. */
  setCustomFeeRate(rate: string): void
  /**
   * Checks the form (token, amount and receiver, the balance, the name), then goes to the review, where
   * the fee is estimated and checked against the native balance before anything is sent.
   */
  review(): Promise<void>
  /** Back from the review to the form, values kept. */
  edit(): void
  /** Sends the reviewed transfer through the wallet; then the result, and its receipt. */
  send(): Promise<void>
  /** A fresh form (after Done, or when the visitor starts another send). */
  reset(): void
}

const tokenOf = (entry: TokenBalance): NonNullable<SendRequest['token']> => {
  const address = entry.address?.split(':')[2] as Address | undefined
  return {
    decimals: Number(entry.quantity.decimals),
    symbol: entry.symbol,
    ...(address ? { address } : {}),
  }
}

/** The sender as the flow works with it: its EVM chain id, or that it is a Solana or Bitcoin account. */
type Sender = {
  address: Address
  chainId: number
  caipNetworkId: CaipNetworkId
  solana: boolean
  bitcoin: boolean
  polkadot: boolean
}

/** The balance of the token to send cannot pay the amount. */
export const insufficientBalance = (symbol: string) =>
  phrase('send.insufficientBalance', { symbol })

/**
 * A Solana, Bitcoin or Polkadot receiver typed wrong is told the address rule (Bitcoin's and
 * Polkadot's name the network an address of another belongs to), an EVM one whose case is not its
 * checksum that it is likely mistyped, not only that it is invalid.
 */
function formMessage(error: unknown, current: Sender | undefined): Text {
  const message = displayText(error)
  if (message !== 'Invalid receiver address') return message
  const mistyped = evmChecksumRefusal(error)
  if (mistyped) return mistyped
  // The rule, in the visitor's language when the catalogue has it (Solana's; a family's own
  // details are English words the modal may know).
  const because = (rule: Text) => phrase('send.invalidReceiverBecause', { rule: { text: rule } })
  if (current?.solana) return because(phrase('send.solanaAddressRule'))
  const details = error instanceof LatchError ? error.details : undefined
  return (current?.bitcoin || current?.polkadot) && details ? because(details) : message
}

const initial = (): SendFlowState => ({
  step: 'form',
  tokenKey: undefined,
  amount: '',
  receiver: '',
  resolution: { status: 'idle' },
  fee: { status: 'idle' },
  feeRate: undefined,
  error: undefined,
  review: undefined,
  result: undefined,
})

const defaultTimers = {
  setTimeout: (callback: () => void, ms: number): unknown => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle: unknown) =>
    globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * The Send view's flow, kept here rather than in the view so it survives the view going
 * away: the embedded wallet's approval screen replaces it while the visitor approves, and the
 * result screen is there when they come back, as it is for an extension wallet.
 * @example const flow = createSendFlow({ balances, connection, resolveName, estimateFee, ... })
 */
export function createSendFlow(deps: SendFlowDeps): SendFlowController {
  const timers = deps.timers ?? defaultTimers
  const store = createStore<SendFlowState>(initial())
  // Each answer that arrives late (a fee, a name) is dropped unless it is still the latest asked.
  let stamp = 0
  let resolveTimer: unknown
  const isInFlow = () => deps.modal.state.get().open && FLOW_VIEWS.has(deps.router.state.get().view)
  // Created as the Send view first renders: already in the flow then.
  let inFlow = isInFlow()

  // The active account, when Send serves its family.
  const account = (): Sender | undefined => {
    const current = deps.account.get()
    return current && serves(SEND_NAMESPACES, current.caipNetworkId)
      ? {
          address: current.address as Address,
          chainId: evmChainIdOf(current.caipNetworkId),
          caipNetworkId: current.caipNetworkId,
          solana: current.namespace === 'solana',
          bitcoin: current.namespace === 'bip122',
          polkadot: current.namespace === 'polkadot',
        }
      : undefined
  }
  const selected = () => {
    const key = store.get().tokenKey
    return deps.balances.get().balances.find((entry) => balanceKey(entry) === key)
  }
  const nativeEntry = () => deps.balances.get().balances.find((entry) => !entry.address)
  const currencyOf = (caipNetworkId: CaipNetworkId) =>
    deps.network(caipNetworkId)?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }

  const fail = (error: Text) => store.set({ error })

  function feeOf(
    fee: bigint,
    caipNetworkId: CaipNetworkId,
    reckoned: Omit<TransferFee, 'fee'> = {},
  ): SendFee {
    const { tokenAccountRent, exact, vsize, feeRate } = reckoned
    const { symbol, decimals } = currencyOf(caipNetworkId)
    const price = nativeEntry()?.price ?? 0
    const usd = price > 0 ? price * Number(formatUnits(fee, decimals)) : undefined
    return {
      status: 'ready',
      fee,
      symbol,
      decimals,
      ...(usd !== undefined ? { usd } : {}),
      ...(tokenAccountRent ? { tokenAccountRent } : {}),
      ...(exact ? { exact } : {}),
      ...(vsize !== undefined && feeRate !== undefined ? { vsize, feeRate } : {}),
    }
  }

  /** USD per satoshi of the native coin, when it has a price. */
  const usdPerSat = () => {
    const price = nativeEntry()?.price ?? 0
    return price > 0 ? price / 1e8 : undefined
  }

  /** Bitcoin: the fee of a transfer of `vsize` at the rate chosen, with each speed's fee beside. */
  function priceBitcoin(current: Sender, vsize: number, exact: boolean): void {
    const feeRate = store.get().feeRate
    if (feeRate?.status !== 'ready') return
    const rates = Object.fromEntries(
      feeRate.options.map((option) => [option.speed, option.rate]),
    ) as unknown as FeeRates
    const options = feeOptions(rates, vsize, usdPerSat())
    const next: SendFeeRate = { ...feeRate, options }
    const rate = chosenRate(next)
    store.set({
      feeRate: next,
      fee:
        rate === undefined
          ? { status: 'unavailable' }
          : feeOf(BigInt(vsize) * BigInt(rate), current.caipNetworkId, {
              vsize,
              feeRate: rate,
              ...(exact ? { exact } : {}),
            }),
    })
  }

  /** Bitcoin: the network's fee rates, read once per form, then the form's fee at the rate chosen. */
  async function loadFeeRates(current: Sender, asked: number): Promise<void> {
    const known = store.get().feeRate
    if (known?.status === 'ready') return priceBitcoin(current, TYPICAL_BITCOIN_VSIZE, false)
    store.set({
      feeRate: {
        status: 'loading',
        choice: known?.choice ?? 'normal',
        custom: known?.custom ?? '',
        options: [],
      },
      fee: { status: 'loading' },
    })
    try {
      const family = deps.family?.()
      if (!family?.feeRates) throw new LatchError('Network fee unavailable')
      const rates = await family.feeRates(current.caipNetworkId)
      if (asked !== stamp) return
      const choice = store.get().feeRate
      store.set({
        feeRate: {
          status: 'ready',
          choice: choice?.choice ?? 'normal',
          custom: choice?.custom ?? '',
          options: feeOptions(rates, TYPICAL_BITCOIN_VSIZE, usdPerSat()),
        },
      })
      priceBitcoin(current, TYPICAL_BITCOIN_VSIZE, false)
    } catch {
      if (asked !== stamp) return
      const choice = store.get().feeRate
      store.set({
        feeRate: {
          status: 'unavailable',
          choice: choice?.choice ?? 'normal',
          custom: choice?.custom ?? '',
          options: [],
        },
        fee: { status: 'unavailable' },
      })
    }
  }

  /** Nothing of `entry` sent to the account itself: about the gas any transfer of it takes. */
  function sampleTransfer(entry: TokenBalance, from: Address) {
    const token = tokenOf(entry)
    if (!token.address) return { to: from, value: 0n }
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [from, 0n] })
    return { to: token.address, value: 0n, data }
  }

  async function estimateFormFee(): Promise<void> {
    const entry = selected()
    const current = account()
    const asked = ++stamp
    if (!entry || !current) return
    if (current.bitcoin) return loadFeeRates(current, asked)
    // A Polkadot fee is the server's reckoning of the built transfer: the review shows it.
    if (current.polkadot) {
      store.set({ fee: { status: 'idle' } })
      return
    }
    // A Solana transfer's fee is fixed per signature: the review adds any token account's rent.
    if (current.solana) {
      store.set({ fee: feeOf(SOLANA_SIGNATURE_FEE, current.caipNetworkId) })
      return
    }
    store.set({ fee: { status: 'loading' } })
    try {
      const { gas, maxFeePerGas } = await deps.estimateFee({
        from: current.address,
        chainId: current.chainId,
        ...sampleTransfer(entry, current.address),
      })
      if (asked === stamp) store.set({ fee: feeOf(gas * maxFeePerGas, current.caipNetworkId) })
    } catch {
      if (asked === stamp) store.set({ fee: { status: 'unavailable' } })
    }
  }

  function lookUp(receiver: string): void {
    if (resolveTimer !== undefined) timers.clearTimeout(resolveTimer)
    resolveTimer = undefined
    const name = isNameLike(receiver) ? receiver.trim() : undefined
    if (!name) {
      store.set({ resolution: { status: 'idle' } })
      return
    }
    store.set({ resolution: { status: 'resolving', name } })
    resolveTimer = timers.setTimeout(() => {
      resolveTimer = undefined
      deps.resolveName(name).then(
        (address) => {
          if (store.get().receiver.trim() === name)
            store.set({ resolution: { status: 'resolved', name, address } })
        },
        (error: unknown) => {
          if (store.get().receiver.trim() === name)
            store.set({ resolution: { status: 'error', name, message: displayText(error) } })
        },
      )
    }, RESOLVE_DEBOUNCE_MS)
  }

  /** The address to send to: the typed one, or what the typed name resolves to. */
  async function receiverAddress(solana: boolean): Promise<{ address: string; name?: string }> {
    const { receiver, resolution } = store.get()
    const name = receiver.trim()
    // Names point to EVM addresses: on Solana the receiver is the address typed.
    if (solana || !isNameLike(name)) return { address: receiver }
    if (resolution.status === 'resolved' && resolution.name === name)
      return { address: resolution.address, name }
    return { address: await deps.resolveName(name), name }
  }

  async function review(): Promise<void> {
    const state = store.get()
    if (state.step !== 'form') return
    const entry = selected()
    const current = account()
    try {
      if (!current) throw new LatchError('No ActiveCaipAddress found')
      if (current.bitcoin) return await reviewBitcoin(entry, current)
      if (current.polkadot) return await reviewPolkadot(entry, current)
      const token = entry ? tokenOf(entry) : undefined
      // The token first, then an amount and a receiver, before any name is looked up (EVM only).
      if (!current.solana)
        validateSend({
          ...(token ? { token } : {}),
          amount: state.amount,
          receiver: state.receiver.trim() ? current.address : '',
        })
      const to = await receiverAddress(current.solana)
      const built = current.solana
        ? solanaTransaction(token, state.amount, to.address)
        : validateSend({
            ...(token ? { token } : {}),
            amount: state.amount,
            receiver: to.address,
          })
      if (!entry || !token) return
      // The native coin is read again (EVM: from the chain; Solana: the server's copy, read afresh
      // after every confirmed send): the listed balance may be older.
      const held = token.address
        ? parseUnits(entry.quantity.numeric, token.decimals)
        : await deps.nativeBalance(current.address, current.caipNetworkId)
      if (built.amount > held) throw new LatchError(insufficientBalance(token.symbol))
      const asked = ++stamp
      store.set({
        step: 'review',
        error: undefined,
        fee: { status: 'loading' },
        review: {
          request: { token, amount: state.amount.trim(), receiver: built.receiver },
          ...(to.name ? { receiverName: to.name } : {}),
        },
      })
      // The native balance just read pays the fee too: the check reads it again only for a token.
      await checkFee(asked, current, built, token.address ? undefined : held, token.address)
    } catch (error) {
      if (store.get().step === 'form') fail(formMessage(error, current))
    }
  }

  /**
   * A Bitcoin send: checked by its family's rules (receiver of the network, amount above dust, a
   * fee rate), then planned over the sender's coins before the review, so the review shows the
   * exact fee and anything the coins cannot pay is said in the form.
   */
  async function reviewBitcoin(entry: TokenBalance | undefined, current: Sender): Promise<void> {
    const state = store.get()
    const token = entry ? tokenOf(entry) : undefined
    const feeRate = chosenRate(state.feeRate)
    if (feeRate === undefined && state.feeRate?.choice === 'custom')
      throw new LatchError('Invalid fee rate: enter a whole number of sat/vB, at least 1')
    const request: SendRequest = {
      ...(token ? { token } : {}),
      amount: state.amount,
      receiver: state.receiver.trim(),
      ...(feeRate !== undefined ? { feeRate } : {}),
    }
    const transfer = transferOf(request, current.caipNetworkId)
    if (!entry || !token) return
    if (feeRate === undefined) throw new LatchError('Network fee unavailable')
    const held = await deps.nativeBalance(current.address, current.caipNetworkId)
    if (transfer.amount > held) throw new LatchError(insufficientBalance(token.symbol))
    const asked = ++stamp
    const reckoned = await deps.transferFee(transfer)
    if (asked !== stamp || store.get().step !== 'form') return
    store.set({
      step: 'review',
      error: undefined,
      review: { request: { ...request, amount: state.amount.trim(), receiver: transfer.to } },
    })
    priceBitcoin(current, reckoned.vsize ?? TYPICAL_BITCOIN_VSIZE, true)
    // The plan's own fee: more than vsize x rate when a change under the dust limit went to it.
    store.set({ fee: feeOf(reckoned.fee, current.caipNetworkId, reckoned) })
  }

  /**
   * A Polkadot send: checked by its family's rules (a receiver of the network's SS58 prefix), then
   * built by the server, whose fee the review shows exactly and which must leave the sender at
   * least the existential deposit (a transferKeepAlive), said before anything is signed.
   */
  async function reviewPolkadot(entry: TokenBalance | undefined, current: Sender): Promise<void> {
    const state = store.get()
    const token = entry ? tokenOf(entry) : undefined
    const request: SendRequest = {
      ...(token ? { token } : {}),
      amount: state.amount,
      receiver: state.receiver.trim(),
    }
    const transfer = transferOf(request, current.caipNetworkId, deps.network(current.caipNetworkId))
    if (!entry || !token) return
    const held = await deps.nativeBalance(current.address, current.caipNetworkId)
    if (transfer.amount > held) throw new LatchError(insufficientBalance(token.symbol))
    const asked = ++stamp
    store.set({ fee: { status: 'loading' } })
    const { fee, existentialDeposit, ...reckoned } = await deps
      .transferFee(transfer)
      .catch((error: unknown) => {
        // A transfer the server refuses has no fee to show: the refusal says why, not "estimating".
        if (asked === stamp) store.set({ fee: { status: 'idle' } })
        throw error
      })
    if (asked !== stamp || store.get().step !== 'form') return
    const problem =
      existentialDeposit === undefined
        ? undefined
        : existentialDepositProblem({
            balance: held,
            amount: transfer.amount,
            fee,
            existentialDeposit,
            format: (value) => `${formatUnits(value, token.decimals)} ${token.symbol}`,
          })
    store.set({ fee: feeOf(fee, current.caipNetworkId, reckoned) })
    if (problem) throw new LatchError(problem)
    store.set({
      step: 'review',
      error: undefined,
      review: { request: { ...request, amount: state.amount.trim(), receiver: transfer.to } },
    })
  }

  /**
   * A Solana send checked by its family's rules, in the shape the review and fee check read: the
   * value is the SOL moved (none for a token), the receiver a base58 address.
   */
  function solanaTransaction(
    token: SendRequest['token'],
    amount: string,
    receiver: string,
  ): ReturnType<typeof validateSend> {
    const current = account()
    const mint = token?.address
    const transfer = validateSolanaSend({
      ...(token
        ? {
            token: {
              decimals: token.decimals,
              symbol: token.symbol,
              ...(mint && current ? { address: `${current.caipNetworkId}:${mint}` as const } : {}),
            },
          }
        : {}),
      amount,
      receiver,
    })
    const to = transfer.to as Address
    return { to, receiver: to, amount: transfer.amount, value: mint ? 0n : transfer.amount }
  }

  /**
   * The fee of the reviewed transfer, checked against the native balance (`nativeBalance` when the
   * review already read it, else read now) before any approval.
   */
  async function checkFee(
    asked: number,
    current: Sender,
    built: ReturnType<typeof validateSend>,
    nativeBalance: bigint | undefined,
    mint?: string,
  ): Promise<void> {
    try {
      const [{ fee, ...reckoned }, balance] = await Promise.all([
        networkFee(current, built, mint),
        nativeBalance ?? deps.nativeBalance(current.address, current.caipNetworkId),
      ])
      if (asked !== stamp) return
      const currency = currencyOf(current.caipNetworkId)
      const short = shortfallOf({ balance, cost: { value: built.value, fee }, currency })
      const shortfall =
        short &&
        phrase(short.pays === 'fee' ? 'send.shortfallFee' : 'send.shortfallAmountAndFee', {
          symbol: currency.symbol,
          amount: decimal(short.more),
        })
      const reviewed = store.get().review
      store.set({
        fee: feeOf(fee, current.caipNetworkId, reckoned),
        ...(shortfall && reviewed ? { review: { ...reviewed, shortfall } } : {}),
      })
    } catch (error) {
      // The wallet estimates again when it sends: an estimate that failed here does not block it,
      // but the visitor is told what the chain said.
      if (asked === stamp) store.set({ fee: { status: 'unavailable' }, error: displayText(error) })
    }
  }

  /** The fee of the reviewed transfer: gas x its price on EVM, the family's reckoning on Solana. */
  async function networkFee(
    current: Sender,
    built: ReturnType<typeof validateSend>,
    mint: string | undefined,
  ): Promise<TransferFee> {
    if (current.solana)
      return deps.transferFee({
        to: built.receiver,
        amount: built.amount,
        ...(mint ? { token: `${current.caipNetworkId}:${mint}` as const } : {}),
      })
    const { gas, maxFeePerGas } = await deps.estimateFee({
      from: current.address,
      to: built.to,
      value: built.value,
      chainId: current.chainId,
      ...(built.data ? { data: built.data } : {}),
    })
    return { fee: gas * maxFeePerGas }
  }

  async function send(): Promise<void> {
    const { step, review: reviewed, fee } = store.get()
    const current = account()
    // Nothing goes to the wallet before the fee was checked, nor when the balance cannot pay it.
    if (step !== 'review' || !reviewed || !current || fee.status === 'loading') return
    if (reviewed.shortfall) return
    store.set({ step: 'sending', error: undefined })
    const tracked = {
      chain: current.caipNetworkId,
      token: reviewed.request.token?.symbol ?? currencyOf(current.caipNetworkId).symbol,
    }
    let sent: SentTransfer
    try {
      sent = await deps.send(reviewed.request)
    } catch (caught) {
      const message = displayText(caught)
      deps.events?.emit({
        type: 'track',
        event: 'SEND_ERROR',
        properties: { ...tracked, message: englishText(message) },
      })
      if (store.get().step === 'sending') store.set({ step: 'review', error: message })
      return
    }
    deps.events?.emit({ type: 'track', event: 'SEND_SUCCESS', properties: tracked })
    const hash = sent.id
    const network = deps.network(sent.caipNetworkId)
    const explorer = network?.blockExplorers?.default
    const { token, amount } = reviewed.request
    const result: SendResult = {
      hash,
      chainId: sent.caipNetworkId,
      amount: amount ?? '',
      symbol: token?.symbol ?? currencyOf(current.caipNetworkId).symbol,
      receiver: reviewed.request.receiver,
      ...(reviewed.receiverName ? { receiverName: reviewed.receiverName } : {}),
      ...(explorer
        ? {
            explorerUrl: `${explorer.url.replace(/\/+$/, '')}/tx/${hash}`,
            explorerName: explorer.name,
          }
        : {}),
      status: 'pending',
    }
    // Left meanwhile (the modal closed): the snackbar tells the outcome, the next Send is fresh.
    if (inFlow) store.set({ step: 'sent', result })
    else reset()
    void watch(result, sent)
  }

  /** Waits for the receipt: the result screen, and a toast wherever the visitor is, say how it went. */
  async function watch(result: SendResult, sent: SentTransfer): Promise<void> {
    try {
      const receipt = await deps.waitForTransfer(sent)
      const status = receipt.success ? 'confirmed' : 'failed'
      if (store.get().result?.hash === result.hash) store.set({ result: { ...result, status } })
      if (receipt.success)
        deps.snackbar.showSuccess(
          phrase('snackbar.sent', { amount: decimal(result.amount), symbol: result.symbol }),
        )
      else {
        deps.snackbar.showError('The transaction failed on chain')
        deps.events?.emit({
          type: 'track',
          event: 'SEND_ERROR',
          properties: {
            chain: result.chainId,
            token: result.symbol,
            message: 'The transaction failed on chain',
          },
        })
      }
    } catch (caught) {
      // No receipt is not a failure: the screen stops saying it waits, and says where to look.
      if (store.get().result?.hash === result.hash)
        store.set({ result: { ...result, status: 'unconfirmed' } })
      deps.snackbar.showError(displayText(caught))
    }
  }

  function reset(): void {
    stamp++
    if (resolveTimer !== undefined) timers.clearTimeout(resolveTimer)
    resolveTimer = undefined
    store.set(initial())
  }

  // The flow lasts while the visitor is in it: leaving Send (or closing the modal) ends it, except
  // while the wallet is asked, and another account or network starts it afresh.
  const follow = () => {
    const now = isInFlow()
    if (inFlow && !now && store.get().step !== 'sending') reset()
    inFlow = now
  }
  deps.router.state.subscribe(follow)
  deps.modal.state.subscribe(follow)
  deps.account.subscribe((current, previous) => {
    if (connectionMoved(current, previous)) reset()
  })

  return {
    state: store,
    selectToken(key) {
      if (store.get().step !== 'form') return
      store.set({ tokenKey: key, error: undefined })
      void estimateFormFee()
    },
    setAmount(amount) {
      if (store.get().step === 'form') store.set({ amount })
    },
    setReceiver(receiver) {
      if (store.get().step !== 'form') return
      store.set({ receiver })
      lookUp(receiver)
    },
    async max() {
      const entry = selected()
      const current = account()
      if (!entry) return fail('A token is required')
      if (!current) return
      const token = tokenOf(entry)
      if (token.address) {
        store.set({ amount: entry.quantity.numeric })
        return
      }
      if (current.bitcoin) {
        try {
          const feeRate = chosenRate(store.get().feeRate)
          const family = deps.family?.()
          if (!family?.maxTransfer) throw new LatchError('Network fee unavailable')
          const receiver = store.get().receiver.trim()
          const most = await family.maxTransfer({
            ...(receiver ? { to: receiver } : {}),
            ...(feeRate !== undefined ? { feeRate } : {}),
          })
          store.set({ amount: formatUnits(most, token.decimals) })
        } catch (error) {
          fail(formMessage(error, current))
        }
        return
      }
      if (current.polkadot) {
        try {
          // The fee of a transfer like this one, twice over, and the existential deposit stay.
          const [held, { fee, existentialDeposit = 0n }] = await Promise.all([
            deps.nativeBalance(current.address, current.caipNetworkId),
            deps.transferFee({ to: current.address, amount: 1n }),
          ])
          const most = held - fee * 2n - existentialDeposit
          store.set({ amount: formatUnits(most > 0n ? most : 0n, token.decimals) })
        } catch (error) {
          fail(displayText(error))
        }
        return
      }
      if (current.solana) {
        try {
          const held = await deps.nativeBalance(current.address, current.caipNetworkId)
          const reserve = SOLANA_SIGNATURE_FEE * 2n
          store.set({ amount: formatUnits(held > reserve ? held - reserve : 0n, token.decimals) })
        } catch (error) {
          fail(displayText(error))
        }
        return
      }
      // The native coin pays for the transfer itself: keep its fee back, twice over.
      try {
        const [held, { gas, maxFeePerGas }] = await Promise.all([
          deps.nativeBalance(current.address, current.caipNetworkId),
          deps.estimateFee({
            from: current.address,
            chainId: current.chainId,
            ...sampleTransfer(entry, current.address),
          }),
        ])
        store.set({ amount: formatUnits(maxNativeSend(held, maxFeePerGas, gas), token.decimals) })
      } catch {
        fail('Gas price unavailable: enter an amount')
      }
    },
    setFeeSpeed(choice) {
      const { step, feeRate } = store.get()
      const current = account()
      if (step !== 'form' || !feeRate || !current) return
      store.set({ feeRate: { ...feeRate, choice }, error: undefined })
      priceBitcoin(current, TYPICAL_BITCOIN_VSIZE, false)
    },
    setCustomFeeRate(rate) {
      const { step, feeRate } = store.get()
      const current = account()
      if (step !== 'form' || !feeRate || !current) return
      store.set({ feeRate: { ...feeRate, choice: 'custom', custom: rate }, error: undefined })
      priceBitcoin(current, TYPICAL_BITCOIN_VSIZE, false)
    },
    review,
    edit() {
      if (store.get().step !== 'review') return
      stamp++
      store.set({ step: 'form', error: undefined, review: undefined })
      void estimateFormFee()
    },
    send,
    reset,
  }
}
