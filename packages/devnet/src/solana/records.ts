import type { AccountView } from './chain.ts'
import type { TransactionErrorJson } from './errors.ts'
import type { DecodedTransaction } from './wire.ts'

export type TokenBalance = {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: { amount: string; decimals: number; uiAmount: number; uiAmountString: string }
}

export type InnerInstructionRecord = {
  index: number
  instructions: {
    programIdIndex: number
    accounts: number[]
    data: Uint8Array
    stackHeight: number
  }[]
}

/** What the chain keeps of a transaction it has run: getTransaction and the indexes read it. */
export type TransactionRecord = {
  signature: string
  slot: number
  /** Unix seconds of the block. */
  blockTime: number
  decoded: DecodedTransaction
  /** Static keys, then addresses loaded from lookup tables (writable first). */
  accountKeys: string[]
  loadedAddresses: { writable: string[]; readonly: string[] }
  err: TransactionErrorJson | null
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logMessages: string[]
  innerInstructions: InnerInstructionRecord[]
  computeUnitsConsumed: bigint
  /** Memo program texts of the transaction, joined as a node reports them, or null. */
  memo: string | null
}

/** What a simulation yields: the parts of a record a preflight failure or simulateTransaction shows. */
export type SimulationRecord = Omit<TransactionRecord, 'signature' | 'slot' | 'blockTime'> & {
  postAccounts: Map<string, AccountView>
}
