import {
  bitcoinAddressProblem,
  bitcoinOutputScript,
  decodeBitcoinAddress,
} from '@latch/protocol/bitcoin'
import type { BitcoinNetworkKind } from '@latch/protocol/bitcoin-networks'
import { formatExactAmount } from '@latch/protocol/fees'
import { decimal } from '@latch/protocol/i18n'
import { LatchError } from '../../errors.ts'
import { phrase } from '../../i18n/phrases.ts'
import { dustThreshold, type SpendableType, transactionVsize } from './txSize.ts'

/** An unspent output of the sender's address; `value` in satoshis. */
export type Coin = { txid: string; vout: number; value: bigint }

/** The address paying: its coins' kind and script, and its key as the wallet reported it (hex). */
export type Sender = { address: string; type: SpendableType; script: Uint8Array; publicKey: string }

/** A transfer to build: satoshis to `to`, at `feeRate` sat/vB. */
export type PlannedTransfer = { to: string; amount: bigint; feeRate: number }

/** What the transaction spends and pays, and what it costs. */
export type TransferPlan = {
  coins: Coin[]
  outputs: { script: Uint8Array; amount: bigint }[]
  /** Satoshis: `vsize` x `feeRate`, or more when a change under the dust limit went to the fee. */
  fee: bigint
  /** The transaction's virtual size with every signature at its largest. */
  vsize: number
  feeRate: number
  /** Satoshis back to the sender (0 when there is no change output). */
  change: bigint
}

/** An amount of satoshis in BTC, exact, as a phrase's value. */
const btc = (sats: bigint) => decimal(formatExactAmount(sats, 8))

/** The kind of coins an address holds, for the address types the kit spends from. */
export function spendableType(address: string): SpendableType {
  const type = decodeBitcoinAddress(address)?.type
  if (type === 'p2wpkh' || type === 'p2tr') return type
  // A P2SH address of a wallet is its nested segwit (P2SH-P2WPKH) payment address.
  if (type === 'p2sh') return 'p2sh-p2wpkh'
  throw new LatchError('Sending from this address is not supported', {
    details: `${address} is a ${type ?? 'unknown'} address: the kit spends native segwit, nested segwit and taproot coins`,
  })
}

/** The wallet's payment address as the sender of a transfer. */
export function senderOf(account: { address: string; publicKey: string }): Sender {
  const decoded = decodeBitcoinAddress(account.address)
  if (!decoded)
    throw new LatchError(`The wallet's address ${account.address} is not a Bitcoin address`)
  return {
    address: account.address,
    type: spendableType(account.address),
    script: bitcoinOutputScript(decoded),
    publicKey: account.publicKey,
  }
}

/** The output script of a receiver on a network of `kind`; a clear error for any other address. */
export function receiverScript(address: string, kind: BitcoinNetworkKind): Uint8Array {
  const problem = bitcoinAddressProblem(address, kind)
  const decoded = decodeBitcoinAddress(address)
  if (problem || !decoded) throw new LatchError('Invalid receiver address', { details: problem })
  return bitcoinOutputScript(decoded)
}

/** The checks of a fee rate typed or chosen: whole sat/vB, at least the relay minimum of 1. */
export function checkFeeRate(feeRate: number): void {
  if (!Number.isSafeInteger(feeRate) || feeRate < 1)
    throw new LatchError('Invalid fee rate: enter a whole number of sat/vB, at least 1')
}

/**
 * The most a transfer at `feeRate` can send: every coin into one output (`to`'s script, or one
 * like the sender's when no receiver is typed yet), less that transaction's fee.
 */
export function maxSendable(
  coins: readonly Coin[],
  sender: Sender,
  to: Uint8Array | undefined,
  feeRate: number,
): bigint {
  checkFeeRate(feeRate)
  const held = coins.reduce((sum, coin) => sum + coin.value, 0n)
  const fee =
    BigInt(
      transactionVsize(
        coins.map(() => sender.type),
        [to ?? sender.script],
      ),
    ) * BigInt(feeRate)
  return held > fee ? held - fee : 0n
}

/** An output must carry at least the dust limit of its script, or no node relays it. */
export function checkAboveDust(amount: bigint, script: Uint8Array): void {
  const dust = dustThreshold(script)
  if (amount < dust)
    throw new LatchError(phrase('send.dustLimit', { amount: btc(dust), sats: Number(dust) }))
}

/**
 * Picks the coins for a transfer, largest first, until they pay the amount and the fee of the
 * transaction they make (change back to the sender, unless the change would be dust: then it is
 * left to the fee, as every wallet does). Deterministic, so the fee reviewed is the fee sent.
 * @throws LatchError for an amount under the dust limit, a bad fee rate, or coins that cannot pay.
 */
export function planTransfer(
  coins: readonly Coin[],
  sender: Sender,
  transfer: PlannedTransfer,
  kind: BitcoinNetworkKind,
): TransferPlan {
  const { amount, feeRate } = transfer
  checkFeeRate(feeRate)
  const to = receiverScript(transfer.to, kind)
  checkAboveDust(amount, to)
  const sorted = [...coins].sort((a, b) =>
    a.value === b.value ? (a.txid + a.vout < b.txid + b.vout ? -1 : 1) : a.value > b.value ? -1 : 1,
  )
  const held = sorted.reduce((sum, coin) => sum + coin.value, 0n)
  if (amount > held) throw new LatchError(phrase('send.insufficientBalance', { symbol: 'BTC' }))
  const changeDust = dustThreshold(sender.script)
  const rate = BigInt(feeRate)
  const chosen: Coin[] = []
  let total = 0n
  for (const coin of sorted) {
    chosen.push(coin)
    total += coin.value
    const types = chosen.map(() => sender.type)
    const withChange = transactionVsize(types, [to, sender.script])
    const change = total - amount - BigInt(withChange) * rate
    if (change >= changeDust)
      return {
        coins: chosen,
        outputs: [
          { script: to, amount },
          { script: sender.script, amount: change },
        ],
        fee: BigInt(withChange) * rate,
        vsize: withChange,
        feeRate,
        change,
      }
    const alone = transactionVsize(types, [to])
    if (total - amount >= BigInt(alone) * rate)
      return {
        coins: chosen,
        outputs: [{ script: to, amount }],
        fee: total - amount,
        vsize: alone,
        feeRate,
        change: 0n,
      }
  }
  // Every coin together cannot pay: say how much can be sent at this rate.
  const sweepFee =
    BigInt(
      transactionVsize(
        sorted.map(() => sender.type),
        [to],
      ),
    ) * rate
  const most = held > sweepFee ? held - sweepFee : 0n
  throw new LatchError(phrase('send.notEnoughForFee', { rate: feeRate, amount: btc(most) }))
}
