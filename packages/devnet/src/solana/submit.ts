import { getBase58Encoder } from '@solana/kit'
import type { SolanaChain } from './chain.ts'
import {
  invalidParams,
  PREFLIGHT_FAILURE,
  RpcError,
  SIGNATURE_VERIFICATION_FAILURE,
  type TransactionErrorJson,
  transactionErrorMessage,
} from './errors.ts'
import type { SimulationRecord } from './records.ts'
import { type DecodedTransaction, decodeTransaction, verifySignatures } from './wire.ts'

// System program's AdvanceNonceAccount instruction: a durable-nonce transaction starts with it.
const ADVANCE_NONCE = 4
// Where a nonce account keeps its current nonce (after version, state and authority).
const NONCE_OFFSET = 40

/** Reads a wire transaction, or refuses it with the message a node gives. */
export function decodeOrRefuse(bytes: Uint8Array): DecodedTransaction {
  try {
    return decodeTransaction(bytes)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw invalidParams(
      `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${reason}`,
    )
  }
}

/** Whether the transaction's blockhash is recent, or it is a durable-nonce one naming its nonce. */
export function lifetimeIsValid(chain: SolanaChain, decoded: DecodedTransaction): boolean {
  const { lifetimeToken, instructions, staticAccounts } = decoded.message
  if (chain.isBlockhashValid(lifetimeToken)) return true
  const first = instructions[0]
  if (
    !first?.data ||
    staticAccounts[first.programAddressIndex] !== '11111111111111111111111111111111'
  )
    return false
  const kind = new DataView(first.data.buffer, first.data.byteOffset).getUint32(0, true)
  const nonceKey = staticAccounts[first.accountIndices?.[0] ?? -1]
  if (kind !== ADVANCE_NONCE || !nonceKey) return false
  const nonce = chain.account(nonceKey)?.data.subarray(NONCE_OFFSET, NONCE_OFFSET + 32)
  if (!nonce) return false
  return Buffer.from(nonce).equals(Buffer.from(getBase58Encoder().encode(lifetimeToken)))
}

/** The `data` of a preflight failure: what simulateTransaction would have answered. */
export function simulationJson(err: TransactionErrorJson | null, simulation?: SimulationRecord) {
  return {
    accounts: null,
    err,
    innerInstructions: null,
    loadedAccountsDataSize: 0,
    logs: simulation?.logMessages ?? [],
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: simulation?.computeUnitsConsumed ?? 0n,
  }
}

function preflightFailure(err: TransactionErrorJson, simulation?: SimulationRecord): RpcError {
  return new RpcError(
    PREFLIGHT_FAILURE,
    `Transaction simulation failed: ${transactionErrorMessage(err)}`,
    simulationJson(err, simulation),
  )
}

/**
 * sendTransaction's path: with preflight, a bad signature, a stale blockhash or a failing
 * simulation is refused with the error a node gives; then the transaction runs in the current
 * block. Without preflight, what a leader would drop is dropped silently (the signature never
 * lands) and a failing instruction lands with its error, fee paid. Returns the signature.
 */
export function submitTransaction(
  chain: SolanaChain,
  decoded: DecodedTransaction,
  options: { skipPreflight: boolean },
): string {
  const signature = decoded.signatures[0] ?? ''
  const signed = verifySignatures(decoded)
  const resolved = chain.resolveAccountKeys(decoded)
  const keys = typeof resolved === 'object' && 'keys' in resolved ? resolved.keys : undefined
  const fresh = lifetimeIsValid(chain, decoded)
  if (!options.skipPreflight) {
    if (!signed) {
      throw new RpcError(
        SIGNATURE_VERIFICATION_FAILURE,
        'Transaction signature verification failure',
      )
    }
    if (!keys) throw preflightFailure(resolved as TransactionErrorJson)
    if (!fresh) throw preflightFailure('BlockhashNotFound')
    const simulation = chain.simulate(decoded, keys)
    if (simulation.err) throw preflightFailure(simulation.err, simulation)
  }
  if (!signed || !fresh || !keys) return signature
  try {
    chain.execute(decoded, keys)
  } catch {
    // The runtime refused it outright (e.g. unsigned): a leader drops such a transaction.
  }
  return signature
}

/** Sends a transaction the devnet built itself (faucet, start-up funding); any refusal throws. */
export function submitOwnTransaction(chain: SolanaChain, bytes: Uint8Array): string {
  const decoded = decodeTransaction(bytes)
  const signature = submitTransaction(chain, decoded, { skipPreflight: false })
  const landed = chain.transaction(signature)
  if (!landed || landed.err) throw new Error(`devnet transaction ${signature} did not land`)
  return signature
}
