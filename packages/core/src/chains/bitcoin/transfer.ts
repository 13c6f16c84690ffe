import type { CaipNetworkId } from '@latch/protocol'
import type { BitcoinNetworkKind } from '@latch/protocol/bitcoin-networks'
import type { SentTransfer, TransferFee } from '../types.ts'
import type { EsploraGateway } from './esplora.ts'
import {
  type Coin,
  maxSendable,
  type PlannedTransfer,
  planTransfer,
  receiverScript,
  type Sender,
} from './planTransfer.ts'
import { buildPsbt, checkSignedPsbt } from './psbt.ts'

// The heavy half of the Bitcoin family (PSBTs, signature checks: @scure/btc-signer and
// @noble/curves), loaded by dynamic import with the first fee reckoned or transfer sent.

export type TransferDeps = {
  gateway: EsploraGateway
  sender: Sender
  kind: BitcoinNetworkKind
}

/** The sender's coins as the plan reads them. */
async function coinsOf(deps: TransferDeps): Promise<Coin[]> {
  const utxos = await deps.gateway.utxos(deps.sender.address)
  return utxos.map((utxo) => ({ txid: utxo.txid, vout: utxo.vout, value: BigInt(utxo.value) }))
}

/**
 * The exact fee of a transfer from the sender's coins now: the transaction it would build, its
 * virtual size times the rate.
 */
export async function bitcoinTransferFee(
  deps: TransferDeps,
  transfer: PlannedTransfer,
): Promise<TransferFee> {
  const plan = planTransfer(await coinsOf(deps), deps.sender, transfer, deps.kind)
  return { fee: plan.fee, exact: true, vsize: plan.vsize, feeRate: plan.feeRate }
}

/** The most the sender's coins can send at `feeRate`, to `to` when it is typed. */
export async function bitcoinMaxTransfer(
  deps: TransferDeps,
  transfer: { to?: string; feeRate: number },
): Promise<bigint> {
  const to = transfer.to ? receiverScript(transfer.to, deps.kind) : undefined
  return maxSendable(await coinsOf(deps), deps.sender, to, transfer.feeRate)
}

/**
 * Sends a transfer: coins picked, a PSBT the wallet signs (every input its payment address's),
 * each signature checked before broadcast, then broadcast through the server.
 */
export async function sendBitcoinTransfer(
  deps: TransferDeps & {
    caipNetworkId: CaipNetworkId
    sign(psbt: Uint8Array, indexes: number[]): Promise<Uint8Array>
  },
  transfer: PlannedTransfer,
): Promise<SentTransfer> {
  const plan = planTransfer(await coinsOf(deps), deps.sender, transfer, deps.kind)
  const psbt = buildPsbt(plan, deps.sender)
  const signed = await deps.sign(
    psbt,
    plan.coins.map((_, index) => index),
  )
  const { hex } = checkSignedPsbt(signed, plan, deps.sender)
  const id = await deps.gateway.broadcast(hex)
  return { id, caipNetworkId: deps.caipNetworkId }
}
