import { clientQuery } from './api.ts'
import { caipNetworkId } from './caipSchemas.ts'

// The Bitcoin gateway: `/v1/esplora/<Esplora path>?chainId=bip122:...&projectId=...` answers
// what the chain's Esplora API (Blockstream's or mempool.space's shape) answers, for the paths
// a wallet page needs. Types of those answers, for the kit to read them with.

/** Query of every gateway call: the Bitcoin network, and the project as every kit call gives it. */
export const esploraQuery = clientQuery.extend({
  chainId: caipNetworkId.describe('CAIP-2 id of a configured Bitcoin network, bip122:...'),
})

/** `status` of a transaction: confirmed in a block, or waiting in the mempool. */
export type EsploraTxStatus =
  | { confirmed: false }
  | { confirmed: true; block_height: number; block_hash: string; block_time: number }

/** `GET address/:address/utxo`: one unspent output; `value` in satoshis. */
export type EsploraUtxo = { txid: string; vout: number; status: EsploraTxStatus; value: number }

/** An output as `GET tx/:txid` lists it (and each input's `prevout`). */
export type EsploraOutput = {
  scriptpubkey: string
  scriptpubkey_asm: string
  /** `v0_p2wpkh`, `v1_p2tr`, `p2pkh`, `p2sh`, `v0_p2wsh`, `op_return`, ... */
  scriptpubkey_type: string
  /** Absent for a script no address names (OP_RETURN). */
  scriptpubkey_address?: string
  value: number
}

/** `GET tx/:txid`, and each entry of `GET address/:address/txs`. */
export type EsploraTransaction = {
  txid: string
  version: number
  locktime: number
  vin: {
    txid: string
    vout: number
    /** Null for a coinbase's input. */
    prevout: EsploraOutput | null
    scriptsig: string
    scriptsig_asm: string
    witness?: string[]
    is_coinbase: boolean
    sequence: number
  }[]
  vout: EsploraOutput[]
  size: number
  weight: number
  /** Satoshis. */
  fee: number
  status: EsploraTxStatus
}

/** Confirmed (`chain_stats`) and mempool sums of what an address was paid and spent. */
export type EsploraAddressStats = {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

/** `GET address/:address`. */
export type EsploraAddress = {
  address: string
  chain_stats: EsploraAddressStats
  mempool_stats: EsploraAddressStats
}

/** `GET fee-estimates`: confirmation target in blocks (as text) to sat/vB. */
export type EsploraFeeEstimates = Record<string, number>
