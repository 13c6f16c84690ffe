import type { CaipNetworkId } from '@latch/protocol'
import type { Address } from 'viem'
import type { ActiveAccount } from '../account/activeAccount.ts'
import type { BalancesState } from '../balances/createBalances.ts'
import type { EvmAdapter } from '../chains/evm/createEvmAdapter.ts'
import type {
  ChainAdapter,
  SentTransfer,
  Transfer,
  TransferFee,
  TransferReceipt,
} from '../chains/types.ts'
import type { EventsController } from '../events/createEvents.ts'
import type { ModalController } from '../modal/index.ts'
import type { RouterController } from '../router/index.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { ReadableStore } from '../store.ts'
import type { FeeSpeed, SendFlowState } from './sendFlowTypes.ts'
import type { SendRequest } from './validateSend.ts'

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
   * The active family's adapter: its part of a send (checks, fees, the most it can move), and what
   * only some families offer: Bitcoin's fee rates (sat/vB) and the most a transfer at a rate can
   * send once its fee is paid. Send serves an account only when its family has that part.
   */
  family?(): Pick<ChainAdapter, 'feeRates' | 'maxTransfer' | 'transferPreparation'>
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
