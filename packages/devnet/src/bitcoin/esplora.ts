import { difficultyOf } from './block.ts'
import { hex } from './bytes.ts'
import type { BitcoinChain, Block, TxEntry } from './chain.ts'
import { CHAIN_TXS_PER_PAGE, MEMPOOL_TXS_PER_PAGE } from './constants.ts'
import { classifyScript, decodeScript, regtestAddress, scriptAsm } from './script.ts'

// The JSON shapes of Esplora's REST API (Blockstream's electrs, which mempool.space's backend
// mirrors): field names, their order and types as those explorers answer them. Amounts are
// numbers of satoshis.

export type EsploraStatus =
  | { confirmed: false }
  | { confirmed: true; block_height: number; block_hash: string; block_time: number }

export function statusJson(entry: TxEntry): EsploraStatus {
  const { block } = entry
  return block
    ? {
        confirmed: true,
        block_height: block.height,
        block_hash: block.hash,
        block_time: block.time,
      }
    : { confirmed: false }
}

function outputJson(output: { script: Uint8Array; value: bigint }) {
  const address = regtestAddress(output.script)
  return {
    scriptpubkey: hex.encode(output.script),
    scriptpubkey_asm: scriptAsm(output.script),
    scriptpubkey_type: classifyScript(output.script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value: Number(output.value),
  }
}

export function transactionJson(entry: TxEntry) {
  const { tx, txid, size, weight } = entry.parsed
  return {
    txid,
    version: tx.version,
    locktime: tx.lockTime,
    vin: tx.inputs.map((input, index) => {
      const prevout = entry.prevouts[index] ?? null
      const witness = tx.witnesses?.[index] ?? []
      const scriptsig = input.finalScriptSig
      const pushes = decodeScript(scriptsig) ?? []
      const last = pushes[pushes.length - 1]
      const type = prevout ? classifyScript(prevout.script) : undefined
      // The scripts a P2SH or P2WSH spend reveals, disassembled as Esplora shows them.
      const redeem = type === 'p2sh' && last instanceof Uint8Array ? last : undefined
      const witnessScriptHolder =
        type === 'v0_p2wsh' || (redeem && classifyScript(redeem) === 'v0_p2wsh')
      const witnessScript = witnessScriptHolder ? witness[witness.length - 1] : undefined
      return {
        txid: hex.encode(input.txid),
        vout: input.index,
        prevout: prevout ? outputJson(prevout) : null,
        scriptsig: hex.encode(scriptsig),
        scriptsig_asm: scriptAsm(scriptsig),
        ...(witness.length > 0 ? { witness: witness.map((item) => hex.encode(item)) } : {}),
        is_coinbase: prevout === null,
        sequence: input.sequence,
        ...(redeem ? { inner_redeemscript_asm: scriptAsm(redeem) } : {}),
        ...(witnessScript ? { inner_witnessscript_asm: scriptAsm(witnessScript) } : {}),
      }
    }),
    vout: tx.outputs.map((output) => outputJson({ script: output.script, value: output.amount })),
    size,
    weight,
    fee: Number(entry.fee),
    status: statusJson(entry),
  }
}

export function blockJson(block: Block) {
  return {
    id: block.hash,
    height: block.height,
    version: block.version,
    timestamp: block.time,
    tx_count: block.txids.length,
    size: block.size,
    weight: block.weight,
    merkle_root: block.merkleRoot,
    ...(block.height > 0 ? { previousblockhash: block.prevHash } : {}),
    mediantime: block.medianTime,
    nonce: block.nonce,
    bits: block.bits,
    difficulty: difficultyOf(block.bits),
  }
}

type TxoStats = {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

function stats(entries: TxEntry[], script: Uint8Array): TxoStats {
  const same = (other: Uint8Array) => hex.encode(other) === hex.encode(script)
  const result = { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0 }
  for (const entry of entries) {
    for (const output of entry.parsed.tx.outputs)
      if (same(output.script)) {
        result.funded_txo_count++
        result.funded_txo_sum += Number(output.amount)
      }
    for (const prevout of entry.prevouts)
      if (prevout && same(prevout.script)) {
        result.spent_txo_count++
        result.spent_txo_sum += Number(prevout.value)
      }
  }
  return { ...result, tx_count: entries.length }
}

/** `GET /address/:address`: what the chain and the mempool paid to and spent from it. */
export function addressJson(chain: BitcoinChain, address: string, script: Uint8Array) {
  return {
    address,
    chain_stats: stats(chain.confirmedHistory(script), script),
    mempool_stats: stats(chain.mempoolHistory(script), script),
  }
}

/**
 * Confirmed transactions of a script, newest first, a page of 25; after `lastSeen` when given
 * (Esplora's `/txs/chain/:last_seen_txid`), which must be one of them.
 */
export function chainTxsPage(chain: BitcoinChain, script: Uint8Array, lastSeen?: string) {
  const newestFirst = chain.confirmedHistory(script).reverse()
  const start = lastSeen ? newestFirst.findIndex((entry) => entry.parsed.txid === lastSeen) + 1 : 0
  if (lastSeen && start === 0) return undefined
  return newestFirst.slice(start, start + CHAIN_TXS_PER_PAGE).map(transactionJson)
}

/** Mempool transactions of a script, newest first, up to 50. */
export function mempoolTxs(chain: BitcoinChain, script: Uint8Array) {
  return chain.mempoolHistory(script).reverse().slice(0, MEMPOOL_TXS_PER_PAGE).map(transactionJson)
}

/** `GET /address/:address/utxo`: its unspent outputs, with the status of the transaction of each. */
export function utxoJson(chain: BitcoinChain, script: Uint8Array) {
  return chain.unspent(script).map((coin) => {
    const entry = chain.transaction(coin.txid) as TxEntry
    return {
      txid: coin.txid,
      vout: coin.vout,
      status: statusJson(entry),
      value: Number(coin.value),
    }
  })
}

/** `GET /tx/:txid/outspends`: for each output, whether and by what it was spent. */
export function outspendsJson(chain: BitcoinChain, entry: TxEntry) {
  return entry.parsed.tx.outputs.map((_, vout) => outspendJson(chain, entry.parsed.txid, vout))
}

export function outspendJson(chain: BitcoinChain, txid: string, vout: number) {
  const spend = chain.spendOf(txid, vout)
  if (!spend) return { spent: false }
  const spender = chain.transaction(spend.txid) as TxEntry
  return { spent: true, txid: spend.txid, vin: spend.vin, status: statusJson(spender) }
}
