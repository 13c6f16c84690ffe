import type { CaipAddress, CaipNetworkId } from '@latch/protocol'
import type { Text } from '@latch/protocol/i18n'
import type { ChainNamespace } from '../siteTypes.ts'
import type { SignInFields } from '../siwx/signInFields.ts'
import type { ReadableStore } from '../store.ts'
import type { ChainConnection, WalletOption } from './connection.ts'

export type { ChainConnection, WalletOption } from './connection.ts'

/** The chain's native coin held by an account, in its smallest unit. */
export type NativeBalance = { value: bigint; decimals: number; symbol: string }

/**
 * A transfer the wallet signs and sends: the native coin, or a token named by its CAIP-10 asset
 * id (an ERC-20 contract, an SPL mint, ...), to an address of the same family.
 */
export type Transfer = {
  to: string
  /** In the coin's or token's smallest unit. */
  amount: bigint
  /** The token; absent for the native coin. */
  token?: CaipAddress
  /** Bitcoin: the fee rate in sat/vB (whole); the network's normal rate when absent. */
  feeRate?: number
}

/** A transfer sent: its id on the chain (a transaction hash or signature) and where it went. */
export type SentTransfer = { id: string; caipNetworkId: CaipNetworkId }

/**
 * The network fee of a transfer, when the family knows it without asking the wallet, in the
 * native coin's smallest unit; `tokenAccountRent` is the part that opens the receiver's token
 * account (included in `fee`). `exact` when the fee is what the chain will take (a Solana
 * message priced by the node), not the most it may take (EVM's gas limit x its highest price).
 */
export type TransferFee = {
  fee: bigint
  tokenAccountRent?: bigint
  exact?: boolean
  /** Bitcoin: the transaction's virtual size (vbytes) and the rate (sat/vB) the fee is priced at. */
  vsize?: number
  feeRate?: number
  /** Polkadot: the least an account may keep (below it the chain removes the account). */
  existentialDeposit?: bigint
}

/** A network's fee rates in sat/vB for the three speeds a visitor picks from (Bitcoin). */
export type FeeRates = { slow: number; normal: number; fast: number }

/**
 * One address of the connected wallet when it shares several (Bitcoin's payment and ordinals
 * addresses), with the purpose the wallet gives it.
 */
export type FamilyAccount = {
  address: string
  purpose: string
  /** The name the wallet gives the account (Polkadot extensions name each one). */
  name?: string
}

/** How a sent transfer ended: `success` is false when the chain ran it and it failed. */
export type TransferReceipt = { success: boolean }

/**
 * An account of a family held by a wallet the visitor connected through another family (a
 * WalletConnect session that approved several namespaces, the embedded wallet): it signs by
 * JSON-RPC calls in WalletConnect's format for that namespace, so both sources read the same.
 */
export type LinkedAccount = {
  /** The wallet as the modal shows it (WalletConnect's peer, the embedded wallet). */
  wallet: WalletOption
  address: string
  /** The CAIP-2 networks the wallet serves the account on; empty when it serves every one. */
  chains: readonly string[]
  /** The wallet's methods it approved for this family (e.g. `solana_signAndSendTransaction`). */
  methods: readonly string[]
  /** Sends one call to the wallet on `caipNetworkId`; rejects with code 4001 when declined. */
  request(call: { method: string; params: unknown }, caipNetworkId: CaipNetworkId): Promise<unknown>
  /**
   * Ends the session holding the account, when no other family's connection holds it (a
   * WalletConnect session the wallet approved for this family alone): disconnecting this family
   * is then the end of it.
   */
  end?(): Promise<void>
}

/**
 * What the kit asks of a chain family, in CAIP ids only (CAIP-2 networks, CAIP-10 accounts), so the
 * rules and flows read every family the same way. EVM is one implementation; Solana, Bitcoin and
 * Polkadot are others, each loaded only when the site configures one of its networks.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** Wallets found in this browser, deduplicated (one entry per wallet, however it announces). */
  readonly wallets: ReadableStore<WalletOption[]>
  readonly connection: ReadableStore<ChainConnection>
  /** Connects through a wallet of `wallets`, on `caipNetworkId` when the wallet can choose. */
  connect(walletId: string, options?: { caipNetworkId?: CaipNetworkId }): Promise<void>
  disconnect(): Promise<void>
  /** Restores the last session at start-up (status `reconnecting` meanwhile). */
  reconnect(): Promise<void>
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  /**
   * The account's native balance. Families that read it through the server's cache (Solana) read
   * the chain again only with `force`: after a transaction of the account was confirmed.
   */
  getBalance(caipAddress: CaipAddress, options?: { force?: boolean }): Promise<NativeBalance>
  /** Asks the connected wallet to sign `message` (the family's personal-message format). */
  signMessage(message: string): Promise<string>
  /** Asks the connected wallet to send a transfer on its current network. */
  sendTransfer(transfer: Transfer): Promise<SentTransfer>
  /** The fee of a transfer from the connected account, for families that can tell it cheaply. */
  transferFee?(transfer: Transfer): Promise<TransferFee>
  /** Waits until the chain ran the transfer. */
  waitForTransfer(sent: SentTransfer): Promise<TransferReceipt>
  /** The family's CAIP-122 sign-in message text (loaded with the first sign-in). */
  signInMessage(fields: SignInFields): Promise<string>
  /**
   * Connects (or, with undefined, ends) an account of this family that another family's wallet
   * session holds; families that cannot take one leave it out.
   */
  link?(account: LinkedAccount | undefined): void
  /**
   * The connected wallet's addresses, for families whose wallets share several (Bitcoin: payment
   * and ordinals); the connection's address is the active one of them.
   */
  readonly accounts?: ReadableStore<FamilyAccount[]>
  /** Makes another of `accounts` the active one (its balance, Activity, Receive, sign-in). */
  selectAccount?(address: string): void
  /** The network's fee rates, for families whose fee the visitor chooses by rate (Bitcoin). */
  feeRates?(caipNetworkId: CaipNetworkId): Promise<FeeRates>
  /**
   * The most of the native coin a transfer at `feeRate` can move once its fee is paid, for
   * families where that is not the balance less a fixed fee (Bitcoin: every coin, one output).
   */
  maxTransfer?(transfer: { to?: string; feeRate?: number }): Promise<bigint>
  /**
   * The family's part of the Send flow (its checks of a receiver and an amount, its fees, its
   * most), for the families the Send view serves; its heavier checks load with the first send.
   */
  readonly transferPreparation?: TransferPreparation
}

/** A send as the visitor typed it; the amount in whole units ('1.5'), nothing checked yet. */
export type TransferDraft = {
  /** The token: its contract or mint on the sender's network, no address for the native coin. */
  token?: { address?: string; decimals: number; symbol: string }
  amount?: string
  receiver?: string
  /** Bitcoin: the fee rate chosen, in sat/vB; the network's normal rate when absent. */
  feeRate?: number
  /** EVM: a legacy price per gas; cannot be combined with the two EIP-1559 fields. */
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
}

/** Where a send is checked: its network, and what the site says of it. */
export type TransferTarget = Pick<TransferTools, 'caipNetworkId' | 'network'>

/** What a family's preparation of a send may ask of the kit: the sender, its network, fees, balances. */
export type TransferTools = {
  /** The sender, on `caipNetworkId`. */
  address: string
  caipNetworkId: CaipNetworkId
  /** What the site says of the network (Polkadot: its name and the prefix of its addresses). */
  network?: { name?: string; ss58Prefix?: number }
  /** EVM: gas of a transaction, and the highest price per gas it may pay. */
  estimateFee(transaction: {
    from: `0x${string}`
    to: `0x${string}`
    value: bigint
    data?: `0x${string}`
    chainId: number
  }): Promise<{ gas: bigint; maxFeePerGas: bigint }>
  /** The family's own reckoning of a transfer's fee (Solana, Bitcoin, Polkadot). */
  transferFee(transfer: Transfer): Promise<TransferFee>
  /** The sender's native balance as the family reads it now. */
  nativeBalance(): Promise<bigint>
  /** Bitcoin: the most a transfer at a rate can send once its fee is paid. */
  maxTransfer?(transfer: { to?: string; feeRate?: number }): Promise<bigint>
}

/**
 * A family's part of the Send flow: its rules for a receiver and an amount, and how it tells a
 * fee and the most of its native coin a send can move. The flow runs the same steps for every
 * family and asks this for what differs, so no family's code is in the flow.
 */
export type TransferPreparation = {
  /**
   * Checks a send by the family's rules: the transfer its adapter sends (the receiver as the
   * family writes it, the amount in the smallest unit, the token by its CAIP-10 id).
   * @throws LatchError saying what is missing or wrong, the rule in its details
   */
  check(draft: TransferDraft, target: TransferTarget): Promise<Transfer>
  /** Names typed as the receiver point to this family's addresses (EVM's): looked up on review. */
  readonly resolvesNames?: true
  /** A fee known without asking anyone, shown as soon as a token is chosen (Solana: a signature). */
  readonly fixedFee?: bigint
  /** The fee the form shows for sending the token (its contract or mint) before a receiver is known. */
  formFee?(token: string | undefined, tools: TransferTools): Promise<TransferFee>
  /** The fee of a checked transfer, as the review shows it. */
  reviewFee(transfer: Transfer, tools: TransferTools): Promise<TransferFee>
  /**
   * The fee decides whether the send can be made at all (Bitcoin's coins, Polkadot's existential
   * deposit): it is reckoned in the form, and a send it refuses never reaches the review.
   */
  readonly feeBeforeReview?: true
  /**
   * Why a send paying `fee` from `balance` cannot be made, in the server's words (amounts written
   * with `format`); undefined when it can.
   */
  refusal?(check: {
    transfer: Transfer
    fee: TransferFee
    balance: bigint
    format(value: bigint): string
  }): Promise<string | undefined>
  /** The most of the native coin a send of the draft can move once its fee is paid. */
  maxNative(draft: TransferDraft, tools: TransferTools): Promise<bigint>
  /** What to tell a visitor whose receiver the family refused, when its rule says more than "invalid". */
  receiverRefusal?(error: unknown): Text | undefined
}
