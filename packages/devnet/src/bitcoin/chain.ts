import { type BlockHeader, blockSubsidy, buildCoinbase, merkleRoot, mineHeader } from './block.ts'
import { hex, internalHash } from './bytes.ts'
import {
  COINBASE_MATURITY,
  MAX_BLOCK_WEIGHT,
  MAX_FEE_RATE_PER_KVB,
  MIN_RELAY_FEE_PER_KVB,
  REGTEST_GENESIS,
} from './constants.ts'
import { formatMoney, NodeRejection, rejected } from './nodeError.ts'
import { checkStandard, checkTransaction } from './policy.ts'
import { checkReplacement } from './replacement.ts'
import { isCoinbase, outpointKey, type ParsedTransaction, parseTransaction } from './transaction.ts'
import { InputVerifier, type Prevout, scriptRejectReason } from './verifyInput.ts'

/** An unspent output: confirmed at `height`, or in the mempool when `height` is undefined. */
export type Coin = Prevout & { txid: string; vout: number; height?: number; coinbase: boolean }

export type Block = BlockHeader & {
  hash: string
  height: number
  txids: string[]
  size: number
  weight: number
  /** Median time of the 11 blocks ending with this one (BIP-113). */
  medianTime: number
}

/** A transaction the node knows: in a block or in the mempool. */
export type TxEntry = {
  parsed: ParsedTransaction
  /** The coins each input spent; null for a coinbase's input. */
  prevouts: (Prevout | null)[]
  fee: bigint
  block?: { height: number; hash: string; time: number; index: number }
  /** Order the node learned transactions in: mempool listings are newest first by it. */
  sequence: number
}

/** Who spent an output. */
export type Spend = { txid: string; vin: number }

const LOCKTIME_THRESHOLD = 500_000_000
const SEQUENCE_FINAL = 0xffffffff
const SEQUENCE_LOCKTIME_DISABLE = 1 << 31
const SEQUENCE_LOCKTIME_TYPE = 1 << 22
const SEQUENCE_LOCKTIME_MASK = 0xffff

/**
 * A regtest chain with a real UTXO set: a mempool that takes only transactions Bitcoin Core would
 * (consensus and relay policy, scripts and signatures checked), and blocks mined on demand with a
 * coinbase, a witness commitment and proof of work. One miner, so no reorgs.
 */
export class BitcoinChain {
  readonly blocks: Block[] = []
  readonly #blocksByHash = new Map<string, Block>()
  readonly #txs = new Map<string, TxEntry>()
  /** Confirmed unspent outputs. */
  readonly #utxos = new Map<string, Coin>()
  /** Every spend the node knows, confirmed or in the mempool. */
  readonly #spends = new Map<string, Spend>()
  readonly #mempool = new Map<string, TxEntry>()
  /** Transactions paying or spending each output script (hex), in the order they confirmed. */
  readonly #confirmedByScript = new Map<string, string[]>()
  #sequence = 0

  constructor() {
    const coinbase = parseTransaction(hex.decode(REGTEST_GENESIS.coinbaseHex))
    const header: BlockHeader = {
      version: REGTEST_GENESIS.version,
      prevHash: '0'.repeat(64),
      merkleRoot: coinbase.txid,
      time: REGTEST_GENESIS.time,
      bits: REGTEST_GENESIS.bits,
      nonce: REGTEST_GENESIS.nonce,
    }
    const block: Block = {
      ...header,
      hash: REGTEST_GENESIS.hash,
      height: 0,
      txids: [coinbase.txid],
      size: 80 + 1 + coinbase.size,
      weight: 80 * 4 + 4 + coinbase.weight,
      medianTime: header.time,
    }
    this.blocks.push(block)
    this.#blocksByHash.set(block.hash, block)
    // The genesis coinbase's output was never added to the UTXO set: it cannot be spent.
    this.#txs.set(coinbase.txid, {
      parsed: coinbase,
      prevouts: [null],
      fee: 0n,
      block: { height: 0, hash: block.hash, time: header.time, index: 0 },
      sequence: this.#sequence++,
    })
  }

  get tip(): Block {
    return this.blocks[this.blocks.length - 1] as Block
  }

  block(hashOrHeight: string | number): Block | undefined {
    return typeof hashOrHeight === 'number'
      ? this.blocks[hashOrHeight]
      : this.#blocksByHash.get(hashOrHeight)
  }

  transaction(txid: string): TxEntry | undefined {
    return this.#txs.get(txid)
  }

  /** Mempool transactions in the order they arrived (parents before children). */
  get mempool(): TxEntry[] {
    return [...this.#mempool.values()]
  }

  spendOf(txid: string, vout: number): Spend | undefined {
    return this.#spends.get(outpointKey(txid, vout))
  }

  /** Confirmed transactions touching `script`, oldest first. */
  confirmedHistory(script: Uint8Array): TxEntry[] {
    const txids = this.#confirmedByScript.get(hex.encode(script)) ?? []
    return txids.map((txid) => this.#txs.get(txid) as TxEntry)
  }

  /** Mempool transactions touching `script`, oldest first. */
  mempoolHistory(script: Uint8Array): TxEntry[] {
    return this.mempool.filter((entry) => touches(entry, script))
  }

  /** Unspent outputs paying `script`, confirmed and in the mempool, less those the mempool spends. */
  unspent(script: Uint8Array): Coin[] {
    const coins: Coin[] = []
    for (const entry of [...this.confirmedHistory(script), ...this.mempoolHistory(script)]) {
      const { txid, tx } = entry.parsed
      tx.outputs.forEach((output, vout) => {
        if (!sameBytes(output.script, script) || this.#spends.has(outpointKey(txid, vout))) return
        coins.push({
          txid,
          vout,
          value: output.amount,
          script: output.script,
          height: entry.block?.height,
          coinbase: isCoinbase(tx),
        })
      })
    }
    return coins
  }

  /**
   * The coin an outpoint names, if unspent: confirmed, or an output of a mempool transaction.
   * A coin spent only by a transaction in `replacing` counts as unspent: that one is being replaced.
   */
  #coin(txid: string, vout: number, replacing: ReadonlySet<string>): Coin | undefined {
    const key = outpointKey(txid, vout)
    const spender = this.#spends.get(key)?.txid
    if (spender && !replacing.has(spender)) return undefined
    const confirmed = this.#utxos.get(key)
    if (confirmed) return confirmed
    const parent = this.#mempool.get(txid)
    const output = parent?.parsed.tx.outputs[vout]
    if (!parent || replacing.has(txid) || !output) return undefined
    return { txid, vout, value: output.amount, script: output.script, coinbase: false }
  }

  /** The mempool transactions spending `txid`'s outputs, their children, and so on. */
  #descendants(txids: Iterable<string>): Set<string> {
    const found = new Set<string>()
    const queue = [...txids]
    while (queue.length > 0) {
      const txid = queue.pop() as string
      if (found.has(txid)) continue
      found.add(txid)
      const entry = this.#mempool.get(txid)
      entry?.parsed.tx.outputs.forEach((_, vout) => {
        const spender = this.#spends.get(outpointKey(txid, vout))?.txid
        if (spender && this.#mempool.has(spender)) queue.push(spender)
      })
    }
    return found
  }

  /** Takes a transaction, its spends and its outputs' coins out of the mempool. */
  #evict(txid: string): void {
    const entry = this.#mempool.get(txid)
    if (!entry) return
    this.#mempool.delete(txid)
    this.#txs.delete(txid)
    for (const input of entry.parsed.tx.inputs) {
      const key = outpointKey(hex.encode(input.txid), input.index)
      if (this.#spends.get(key)?.txid === txid) this.#spends.delete(key)
    }
  }

  /** BIP-113: the median time of the last 11 blocks, which time locks compare against. */
  #medianTimePast(height = this.tip.height): number {
    const times = this.blocks.slice(Math.max(0, height - 10), height + 1).map((block) => block.time)
    times.sort((a, b) => a - b)
    return times[Math.floor(times.length / 2)] as number
  }

  /**
   * Takes a raw transaction into the mempool, checking it as Bitcoin Core's sendrawtransaction
   * does, in the same order, and refusing with the same RPC code and reason. Returns its txid;
   * a transaction already in the mempool is accepted again, as Core does.
   */
  submit(rawHex: string): string {
    let parsed: ParsedTransaction
    try {
      if (!/^([0-9a-fA-F]{2})+$/.test(rawHex)) throw new Error('not hex')
      parsed = parseTransaction(hex.decode(rawHex.toLowerCase()))
    } catch {
      throw new NodeRejection(-22, 'TX decode failed. Make sure the tx has at least one input.')
    }
    if (this.#mempool.has(parsed.txid)) return parsed.txid
    const { tx } = parsed
    checkTransaction(parsed)
    checkStandard(parsed)
    if (!this.#isFinal(parsed)) throw rejected('non-final')

    const known = this.#txs.get(parsed.txid)
    if (known && tx.outputs.some((_, vout) => this.#utxos.has(outpointKey(parsed.txid, vout))))
      throw new NodeRejection(-27, 'Transaction outputs already in utxo set')
    // Mempool transactions spending what this one spends: replaced if it pays enough (full RBF).
    const conflicts = new Set<string>()
    for (const input of tx.inputs) {
      const spend = this.#spends.get(outpointKey(hex.encode(input.txid), input.index))
      if (spend && this.#mempool.has(spend.txid)) conflicts.add(spend.txid)
    }
    const evicted = this.#descendants(conflicts)
    for (const input of tx.inputs) {
      const parent = hex.encode(input.txid)
      if (evicted.has(parent))
        throw rejected(
          `bad-txns-spends-conflicting-tx, ${parsed.txid} spends conflicting transaction ${parent}`,
        )
    }
    const coins: Coin[] = []
    for (const input of tx.inputs) {
      const coin = this.#coin(hex.encode(input.txid), input.index, evicted)
      if (!coin) throw new NodeRejection(-25, 'bad-txns-inputs-missingorspent')
      coins.push(coin)
    }
    if (!this.#sequenceLocksMet(parsed, coins)) throw rejected('non-BIP68-final')

    const spendHeight = this.tip.height + 1
    let valueIn = 0n
    for (const coin of coins) {
      if (
        coin.coinbase &&
        coin.height !== undefined &&
        spendHeight - coin.height < COINBASE_MATURITY
      )
        throw rejected(
          `bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth ${spendHeight - coin.height}`,
        )
      valueIn += coin.value
    }
    const valueOut = tx.outputs.reduce((sum, output) => sum + output.amount, 0n)
    if (valueIn < valueOut)
      throw rejected(
        `bad-txns-in-belowout, value in (${formatMoney(valueIn)}) < value out (${formatMoney(valueOut)})`,
      )
    const fee = valueIn - valueOut
    const minimumFee = (BigInt(parsed.vsize) * MIN_RELAY_FEE_PER_KVB + 999n) / 1000n
    if (fee < minimumFee) throw rejected(`min relay fee not met, ${fee} < ${minimumFee}`)

    if (conflicts.size > 0) {
      // A replacement may not bring in unconfirmed coins the transactions it replaces did not spend.
      const parentsOfConflicts = new Set(
        [...conflicts].flatMap((txid) =>
          (this.#mempool.get(txid) as TxEntry).parsed.tx.inputs.map((input) =>
            hex.encode(input.txid),
          ),
        ),
      )
      for (const coin of coins)
        if (coin.height === undefined && !parentsOfConflicts.has(coin.txid))
          throw rejected(
            `replacement-adds-unconfirmed, replacement ${parsed.txid} adds unconfirmed input, idx ${coins.indexOf(coin)}`,
          )
      const candidate = (txid: string) => {
        const entry = this.#mempool.get(txid) as TxEntry
        return { txid, fee: entry.fee, vsize: entry.parsed.vsize }
      }
      checkReplacement(
        { txid: parsed.txid, fee, vsize: parsed.vsize },
        [...conflicts].map(candidate),
        [...evicted].map(candidate),
      )
    }

    const failure = new InputVerifier(parsed, coins).verifyAll()
    if (failure) throw rejected(scriptRejectReason(failure))
    if (fee > (BigInt(parsed.vsize) * MAX_FEE_RATE_PER_KVB) / 1000n)
      throw new NodeRejection(
        -25,
        'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)',
      )

    for (const txid of evicted) this.#evict(txid)
    const entry: TxEntry = { parsed, prevouts: coins, fee, sequence: this.#sequence++ }
    this.#mempool.set(parsed.txid, entry)
    this.#txs.set(parsed.txid, entry)
    tx.inputs.forEach((input, vin) => {
      this.#spends.set(outpointKey(hex.encode(input.txid), input.index), { txid: parsed.txid, vin })
    })
    return parsed.txid
  }

  /** IsFinalTx at the next block: its lock time passed, or every input opts out with a final sequence. */
  #isFinal({ tx }: ParsedTransaction): boolean {
    if (tx.lockTime === 0) return true
    const threshold =
      tx.lockTime < LOCKTIME_THRESHOLD ? this.tip.height + 1 : this.#medianTimePast()
    if (tx.lockTime < threshold) return true
    return tx.inputs.every((input) => input.sequence === SEQUENCE_FINAL)
  }

  /** BIP-68 relative lock times, by height or by 512-second units of median time. */
  #sequenceLocksMet({ tx }: ParsedTransaction, coins: Coin[]): boolean {
    if (tx.version < 2) return true
    const nextHeight = this.tip.height + 1
    return tx.inputs.every((input, index) => {
      if (input.sequence & SEQUENCE_LOCKTIME_DISABLE) return true
      const coin = coins[index] as Coin
      const coinHeight = coin.height ?? nextHeight
      const value = input.sequence & SEQUENCE_LOCKTIME_MASK
      if (input.sequence & SEQUENCE_LOCKTIME_TYPE) {
        const since = this.#medianTimePast(Math.max(coinHeight - 1, 0))
        return since + value * 512 - 1 < this.#medianTimePast()
      }
      return coinHeight + value - 1 < nextHeight
    })
  }

  /**
   * Mines one block on the tip: the mempool's transactions in arrival order (parents first) up to
   * the weight limit, and a coinbase paying the subsidy and fees to `payouts` (the remainder to the
   * last payout). Returns the block.
   */
  mine(payouts: { script: Uint8Array; amount?: bigint }[], time?: number): Block {
    const height = this.tip.height + 1
    const included: TxEntry[] = []
    let weight = 4000 // room for the header and the coinbase
    for (const entry of this.#mempool.values()) {
      if (weight + entry.parsed.weight > MAX_BLOCK_WEIGHT) break
      weight += entry.parsed.weight
      included.push(entry)
    }
    const fees = included.reduce((sum, entry) => sum + entry.fee, 0n)
    let remaining = blockSubsidy(height) + fees
    const outputs = payouts.map((payout, index) => {
      const amount = index === payouts.length - 1 ? remaining : (payout.amount ?? 0n)
      remaining -= amount
      if (remaining < 0n) throw new Error('payouts exceed the block reward')
      return { script: payout.script, amount }
    })
    const transactions = included.map((entry) => entry.parsed)
    const coinbase = buildCoinbase(height, outputs, transactions)
    const all = [coinbase, ...transactions]
    const root = merkleRoot(all.map((tx) => internalHash(tx.txid)))
    const medianTime = this.#medianTimePast()
    const { header, hash } = mineHeader({
      version: 0x20000000,
      prevHash: this.tip.hash,
      merkleRoot: hex.encode(Uint8Array.from(root).reverse()),
      time: Math.max(time ?? Math.floor(Date.now() / 1000), medianTime + 1),
      bits: REGTEST_GENESIS.bits,
    })
    const txCountSize = all.length < 0xfd ? 1 : 3
    const block: Block = {
      ...header,
      hash,
      height,
      txids: all.map((tx) => tx.txid),
      size: 80 + txCountSize + all.reduce((sum, tx) => sum + tx.size, 0),
      weight: 80 * 4 + txCountSize * 4 + all.reduce((sum, tx) => sum + tx.weight, 0),
      medianTime: 0,
    }
    this.blocks.push(block)
    this.#blocksByHash.set(hash, block)
    block.medianTime = this.#medianTimePast()

    const coinbaseEntry: TxEntry = {
      parsed: coinbase,
      prevouts: [null],
      fee: 0n,
      sequence: this.#sequence++,
    }
    this.#txs.set(coinbase.txid, coinbaseEntry)
    for (const [index, entry] of [coinbaseEntry, ...included].entries()) {
      const { txid, tx } = entry.parsed
      entry.block = { height, hash, time: header.time, index }
      this.#mempool.delete(txid)
      const scripts = new Set<string>()
      tx.inputs.forEach((input, vin) => {
        const prevout = entry.prevouts[vin]
        if (!prevout) return
        const key = outpointKey(hex.encode(input.txid), input.index)
        this.#utxos.delete(key)
        this.#spends.set(key, { txid, vin })
        scripts.add(hex.encode(prevout.script))
      })
      tx.outputs.forEach((output, vout) => {
        // OP_RETURN outputs never enter the UTXO set: nothing can spend them.
        if (output.script[0] !== 0x6a)
          this.#utxos.set(outpointKey(txid, vout), {
            txid,
            vout,
            value: output.amount,
            script: output.script,
            height,
            coinbase: index === 0,
          })
        scripts.add(hex.encode(output.script))
      })
      for (const script of scripts) {
        const list = this.#confirmedByScript.get(script) ?? []
        list.push(txid)
        this.#confirmedByScript.set(script, list)
      }
    }
    return block
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}

function touches(entry: TxEntry, script: Uint8Array): boolean {
  return (
    entry.parsed.tx.outputs.some((output) => sameBytes(output.script, script)) ||
    entry.prevouts.some((prevout) => prevout !== null && sameBytes(prevout.script, script))
  )
}
