import { createHash } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { type Address, address, getBase58Decoder, lamports } from '@solana/kit'
import { Clock, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import {
  BLOCKHASH_VALID_BLOCKS,
  DEFAULT_SLOT_MS,
  GENESIS_SEED_TEXT,
  MEMO_PROGRAM,
  MEMO_V1_PROGRAM,
  SYSTEM_PROGRAM,
} from './constants.ts'
import { type TransactionErrorJson, transactionErrorJson } from './errors.ts'
import { transactionFee } from './fees.ts'
import type { SimulationRecord, TokenBalance, TransactionRecord } from './records.ts'
import { decodeMint, decodeTokenAccount, tokenAmount } from './tokens.ts'
import type { DecodedTransaction } from './wire.ts'

export type AccountView = {
  lamports: bigint
  data: Uint8Array
  owner: string
  executable: boolean
  space: number
}

export type ChainOptions = {
  /** Milliseconds per slot; the chain produces an (empty) block this often. Default 400. */
  slotMs?: number
}

// Blockhashes kept to tell "too old" from "never seen"; beyond the validity window both refuse.
const BLOCKHASHES_KEPT = BLOCKHASH_VALID_BLOCKS * 2
// An address lookup table's data: a 56-byte header, then its 32-byte addresses.
const LOOKUP_TABLE_HEADER = 56

/**
 * One in-process Solana ledger over litesvm: slots and blockhashes advance with the clock, every
 * transaction runs in the real runtime (System, SPL Token, Token-2022, Associated Token, Memo),
 * and what ran is kept for getTransaction, getSignaturesForAddress and the subscriptions.
 */
export class SolanaChain {
  readonly svm: LiteSVM
  readonly genesisHash: string
  readonly events = new EventEmitter()
  slot = 0
  transactionCount = 0n
  latestBlockhash: string
  private readonly blockhashSlots = new Map<string, number>()
  private readonly blockhashOrder: string[] = []
  private readonly transactions = new Map<string, TransactionRecord>()
  private readonly signaturesByAddress = new Map<string, string[]>()
  private readonly timer: NodeJS.Timeout
  private readonly startedAtMs = Date.now()

  constructor(options: ChainOptions = {}) {
    // The chain checks blockhash age itself, over a window of recent blocks as a real bank does;
    // litesvm only accepts the single latest one.
    this.svm = new LiteSVM().withBlockhashCheck(false)
    this.genesisHash = getBase58Decoder().decode(
      createHash('sha256').update(GENESIS_SEED_TEXT).digest(),
    )
    this.events.setMaxListeners(0)
    this.latestBlockhash = this.recordBlockhash()
    this.setClock()
    this.timer = setInterval(() => this.produceBlock(), options.slotMs ?? DEFAULT_SLOT_MS)
    this.timer.unref()
  }

  stop(): void {
    clearInterval(this.timer)
    this.events.removeAllListeners()
  }

  /** Block height equals the slot: this chain skips no slot. */
  get blockHeight(): number {
    return this.slot
  }

  /** Closes the current block and opens the next one, with a new blockhash. */
  produceBlock(): void {
    const parent = this.slot
    this.slot += 1
    this.latestBlockhash = this.recordBlockhash()
    this.setClock()
    this.events.emit('slot', { parent, slot: this.slot, root: this.slot })
  }

  /** Moves the chain `count` blocks ahead at once, so tests can age a blockhash past its window. */
  advanceSlots(count: number): void {
    for (let index = 0; index < count; index += 1) this.produceBlock()
  }

  /** Unix seconds of the current block. */
  blockTime(): number {
    return Math.floor(Date.now() / 1000)
  }

  lastValidBlockHeight(): number {
    return this.slot + BLOCKHASH_VALID_BLOCKS
  }

  /** Whether a transaction naming `blockhash` may still land in the current block. */
  isBlockhashValid(blockhash: string): boolean {
    const produced = this.blockhashSlots.get(blockhash)
    return produced !== undefined && this.slot - produced <= BLOCKHASH_VALID_BLOCKS
  }

  account(key: string): AccountView | null {
    const found = this.svm.getAccount(address(key))
    if (!found.exists) return null
    return {
      lamports: found.lamports,
      data: new Uint8Array(found.data),
      owner: found.programAddress,
      executable: found.executable,
      space: found.data.length,
    }
  }

  balance(key: string): bigint {
    return this.svm.getBalance(address(key)) ?? 0n
  }

  transaction(signature: string): TransactionRecord | undefined {
    return this.transactions.get(signature)
  }

  /** Signatures of transactions that named `key`, oldest first. */
  signaturesFor(key: string): readonly string[] {
    return this.signaturesByAddress.get(key) ?? []
  }

  /** Static keys plus those loaded from lookup tables, or an error the runtime would give. */
  resolveAccountKeys(
    decoded: DecodedTransaction,
  ): { keys: string[]; loaded: { writable: string[]; readonly: string[] } } | TransactionErrorJson {
    const loaded = { writable: [] as string[], readonly: [] as string[] }
    const lookups = decoded.message.version === 0 ? (decoded.message.addressTableLookups ?? []) : []
    for (const lookup of lookups) {
      const table = this.account(lookup.lookupTableAddress)
      if (!table) return 'AddressLookupTableNotFound'
      if (table.owner !== 'AddressLookupTab1e1111111111111111111111111') {
        return 'InvalidAddressLookupTableOwner'
      }
      const entries = Math.floor((table.data.length - LOOKUP_TABLE_HEADER) / 32)
      const at = (index: number) => {
        if (index >= entries) return undefined
        const start = LOOKUP_TABLE_HEADER + index * 32
        return getBase58Decoder().decode(table.data.subarray(start, start + 32))
      }
      for (const [list, indexes] of [
        [loaded.writable, lookup.writableIndexes],
        [loaded.readonly, lookup.readonlyIndexes],
      ] as const) {
        for (const index of indexes) {
          const key = at(index)
          if (!key) return 'InvalidAddressLookupTableIndex'
          list.push(key)
        }
      }
    }
    return {
      keys: [...decoded.message.staticAccounts, ...loaded.writable, ...loaded.readonly],
      loaded,
    }
  }

  /** Runs `decoded` without keeping anything; the result a preflight or simulateTransaction shows. */
  simulate(decoded: DecodedTransaction, keys: string[]): SimulationRecord {
    const before = this.snapshot(keys)
    // Simulation runs unsigned transactions too (fee and compute estimates); callers that need
    // signatures checked (preflight, sigVerify) check them before.
    this.svm.withSigverify(false)
    let result: ReturnType<LiteSVM['simulateTransaction']>
    try {
      result = this.svm.simulateTransaction(decoded.transaction)
    } finally {
      this.svm.withSigverify(true)
    }
    const failed = result instanceof FailedTransactionMetadata
    const meta: TransactionMetadata = result.meta()
    const postAccounts = new Map<string, AccountView>()
    if (!(result instanceof FailedTransactionMetadata)) {
      for (const account of result.postAccounts()) {
        postAccounts.set(account.address, {
          lamports: account.lamports,
          data: new Uint8Array(account.data),
          owner: account.programAddress,
          executable: account.executable,
          space: account.data.length,
        })
      }
    }
    const view = (key: string) => postAccounts.get(key) ?? this.account(key)
    const after = failed ? before : this.snapshot(keys, view)
    const fee = transactionFee(decoded, keys)
    return {
      ...this.describe(decoded, keys, meta),
      err: result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null,
      fee,
      preBalances: before.balances,
      postBalances: failed
        ? before.balances.map((balance, index) => (index === 0 ? balance - fee : balance))
        : after.balances,
      preTokenBalances: before.tokens,
      postTokenBalances: after.tokens,
      postAccounts,
    }
  }

  /**
   * Runs `decoded` in the current block and keeps it, as a leader does: a transaction whose
   * instruction fails still lands, with its error, and pays its fee. Returns undefined when the
   * runtime refused it before execution (nothing was charged, nothing is kept).
   */
  execute(decoded: DecodedTransaction, keys: string[]): TransactionRecord | undefined {
    const before = this.snapshot(keys)
    const result = this.svm.sendTransaction(decoded.transaction)
    const failed = result instanceof FailedTransactionMetadata
    const err = failed ? transactionErrorJson(result.err()) : null
    const after = this.snapshot(keys)
    // A transaction the runtime refused before running (no fee taken) never reaches a block.
    const charged = after.balances[0] !== before.balances[0]
    if (failed && !charged) return undefined
    const signature = decoded.signatures[0] ?? ''
    const meta: TransactionMetadata = failed ? result.meta() : result
    const record: TransactionRecord = {
      ...this.describe(decoded, keys, meta),
      signature,
      slot: this.slot,
      blockTime: this.blockTime(),
      err,
      fee: transactionFee(decoded, keys),
      preBalances: before.balances,
      postBalances: after.balances,
      preTokenBalances: before.tokens,
      postTokenBalances: after.tokens,
    }
    this.transactions.set(signature, record)
    this.transactionCount += 1n
    for (const key of new Set(keys)) {
      const list = this.signaturesByAddress.get(key)
      if (list) list.push(signature)
      else this.signaturesByAddress.set(key, [signature])
    }
    this.events.emit('transaction', record)
    return record
  }

  /** Gives `key` lamports out of nothing: genesis allocations only (the faucet). */
  setGenesisBalance(key: string, amount: bigint): void {
    this.svm.setAccount({
      address: address(key) as Address,
      data: new Uint8Array(),
      executable: false,
      lamports: lamports(amount),
      programAddress: address(SYSTEM_PROGRAM),
      space: 0n,
    })
  }

  private describe(decoded: DecodedTransaction, keys: string[], meta: TransactionMetadata) {
    const loaded = this.resolveAccountKeys(decoded)
    const loadedAddresses =
      typeof loaded === 'object' && 'loaded' in loaded
        ? loaded.loaded
        : { writable: [], readonly: [] }
    return {
      decoded,
      accountKeys: keys,
      loadedAddresses,
      logMessages: meta.logs(),
      innerInstructions: meta
        .innerInstructions()
        .map((list, index) => ({
          index,
          instructions: list.map((inner) => ({
            programIdIndex: inner.instruction().programIdIndex(),
            accounts: [...inner.instruction().accounts()],
            data: new Uint8Array(inner.instruction().data()),
            stackHeight: inner.stackHeight(),
          })),
        }))
        .filter((entry) => entry.instructions.length > 0),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      memo: memoOf(decoded, keys),
    }
  }

  private snapshot(
    keys: string[],
    view: (key: string) => AccountView | null = (key) => this.account(key),
  ): { balances: bigint[]; tokens: TokenBalance[] } {
    const balances: bigint[] = []
    const tokens: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const account = view(key)
      balances.push(account?.lamports ?? 0n)
      const token = account && decodeTokenAccount(account.owner, account.data)
      if (!account || !token) return
      const mintAccount = view(token.mint)
      const mint = mintAccount && decodeMint(mintAccount.owner, mintAccount.data)
      tokens.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: account.owner,
        uiTokenAmount: tokenAmount(token.amount, mint?.decimals ?? 0),
      })
    })
    return { balances, tokens }
  }

  private recordBlockhash(): string {
    const hash = getBase58Decoder().decode(
      createHash('sha256').update(`${this.genesisHash}:${this.slot}`).digest(),
    )
    this.blockhashSlots.set(hash, this.slot)
    this.blockhashOrder.push(hash)
    while (this.blockhashOrder.length > BLOCKHASHES_KEPT) {
      const old = this.blockhashOrder.shift()
      if (old) this.blockhashSlots.delete(old)
    }
    return hash
  }

  // The Clock sysvar follows the ledger's slot and wall time, so programs read what RPC reports.
  private setClock(): void {
    const now = BigInt(this.blockTime())
    const start = BigInt(Math.floor(this.startedAtMs / 1000))
    this.svm.setClock(new Clock(BigInt(this.slot), start, 0n, 1n, now))
  }
}

/** Memo texts of the transaction as a node lists them: "[length] text", joined by "; ". */
function memoOf(decoded: DecodedTransaction, keys: string[]): string | null {
  const memos: string[] = []
  for (const instruction of decoded.message.instructions) {
    const program = keys[instruction.programAddressIndex]
    if (program !== MEMO_PROGRAM && program !== MEMO_V1_PROGRAM) continue
    const text = Buffer.from(instruction.data ?? new Uint8Array()).toString('utf8')
    memos.push(`[${Buffer.byteLength(text)}] ${text}`)
  }
  return memos.length > 0 ? memos.join('; ') : null
}
