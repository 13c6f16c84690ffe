import type { CaipNetworkId } from '@latch/protocol'
import type { Text } from '@latch/protocol/i18n'
import type { Address } from 'viem'
import type { SendRequest } from './validateSend.ts'

/** Where the Send view is: the form, its review, waiting for the wallet, and the result. */
export type SendStep = 'form' | 'review' | 'sending' | 'sent'

/** A name typed as the receiver, looked up once typing pauses. */
export type ReceiverResolution =
  | { status: 'idle' }
  | { status: 'resolving'; name: string }
  | { status: 'resolved'; name: string; address: Address }
  | { status: 'error'; name: string; message: Text }

/**
 * The network fee of a transfer in the native coin: on EVM gas x the highest price per gas it may
 * pay (the most it may cost), on Solana what the chain will take (`exact`).
 */
export type SendFee =
  | { status: 'idle' | 'loading' | 'unavailable' }
  | {
      status: 'ready'
      /** In base units of the native coin. */
      fee: bigint
      /** The fee in USD, when the native coin has a price. */
      usd?: number
      symbol: string
      decimals: number
      /** The part of `fee` that opens the receiver's token account (Solana), when it has none. */
      tokenAccountRent?: bigint
      /** What the chain will take, not a bound on it (a Solana message priced by the node). */
      exact?: true
      /** Bitcoin: the transaction's virtual size (vbytes) and the rate (sat/vB) it is priced at. */
      vsize?: number
      feeRate?: number
    }

/** The speeds a Bitcoin fee rate is picked from, slowest first. */
export type FeeSpeed = 'slow' | 'normal' | 'fast'

/**
 * Bitcoin's fee rate: the network's rates from the server, the visitor's pick (a speed, or a rate
 * typed), and what each speed costs for this transfer (its size estimated in the form, exact in
 * the review), in BTC and USD.
 */
export type SendFeeRate = {
  status: 'loading' | 'ready' | 'unavailable'
  choice: FeeSpeed | 'custom'
  /** The rate typed for `custom`, as typed (sat/vB). */
  custom: string
  /** Each speed's rate (sat/vB) and the fee it makes for the transfer's size. */
  options: { speed: FeeSpeed; rate: number; fee: bigint; usd?: number }[]
}

/** What the visitor reviews before sending: the checked request and what it costs. */
export type SendReview = {
  /** The receiver checked by its family's rules: an EVM address, or a Solana base58 address. */
  request: SendRequest & { receiver: string }
  /** The name the visitor typed, resolved to `request.receiver`. */
  receiverName?: string
  /** What the native balance lacks for the amount and the fee: nothing is sent meanwhile. */
  shortfall?: Text
}

/** A sent transaction as the result screen shows it, whatever the wallet (extension or embedded). */
export type SendResult = {
  /** The transaction hash (EVM), or the transaction's signature (Solana). */
  hash: string
  chainId: CaipNetworkId
  /** The network's explorer page of the transaction, when the network names an explorer. */
  explorerUrl?: string
  /** Its explorer's name, e.g. 'Etherscan'. */
  explorerName?: string
  amount: string
  symbol: string
  receiver: string
  receiverName?: string
  /**
   * Mined or not yet; `failed`: mined and reverted; `unconfirmed`: the wait for its receipt ended
   * without one (a timeout, the chain unreachable), so it may still be mined.
   */
  status: 'pending' | 'confirmed' | 'failed' | 'unconfirmed'
}

export type SendFlowState = {
  step: SendStep
  /** The chosen balance entry's key (see `balanceKey`). */
  tokenKey: string | undefined
  amount: string
  receiver: string
  resolution: ReceiverResolution
  /** The fee of a transfer of the chosen token (the form), or of the reviewed one (the review). */
  fee: SendFee
  /** Bitcoin's fee rate choice; undefined on the families whose fee is not chosen by rate. */
  feeRate: SendFeeRate | undefined
  /** Why the last action failed, in plain words; the view shows it as an alert. */
  error: Text | undefined
  review: SendReview | undefined
  result: SendResult | undefined
}
