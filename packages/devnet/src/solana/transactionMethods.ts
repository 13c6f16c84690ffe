import {
  address,
  blockhash,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  lamports,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { buildTransaction, signerOf } from './build.ts'
import type { SolanaChain } from './chain.ts'
import { MAX_AIRDROP_LAMPORTS } from './constants.ts'
import { encodeAccount } from './encodeAccount.ts'
import { invalidParams, RpcError, SIGNATURE_VERIFICATION_FAILURE } from './errors.ts'
import type { SolanaKeypair } from './keys.ts'
import type { Methods } from './methods.ts'
import {
  configParam,
  context,
  oneOf,
  pubkeyParam,
  requireParams,
  signatureParam,
  stringParam,
  u64Param,
} from './params.ts'
import type { TransactionRecord } from './records.ts'
import {
  decodeOrRefuse,
  lifetimeIsValid,
  simulationJson,
  submitOwnTransaction,
  submitTransaction,
} from './submit.ts'
import { verifySignatures } from './wire.ts'

// The largest transaction packet, and its base58/base64 lengths, as a node limits them.
const PACKET_DATA_SIZE = 1232
const MAX_BASE58_SIZE = 1683
const MAX_BASE64_SIZE = 1644
// getSignatureStatuses answers at most this many signatures at once.
const MAX_STATUSES = 256
const TYPE_NAME = 'solana_transaction::versioned::VersionedTransaction'

function wireBytes(text: string, encoding: 'base58' | 'base64'): Uint8Array {
  if (encoding === 'base58') {
    if (text.length > MAX_BASE58_SIZE) {
      throw invalidParams(
        `base58 encoded ${TYPE_NAME} too large: ${text.length} bytes (max: encoded/raw ${MAX_BASE58_SIZE}/${PACKET_DATA_SIZE})`,
      )
    }
    try {
      return new Uint8Array(getBase58Encoder().encode(text))
    } catch {
      throw invalidParams('invalid base58 encoding: InvalidCharacter')
    }
  }
  if (text.length > MAX_BASE64_SIZE) {
    throw invalidParams(
      `base64 encoded ${TYPE_NAME} too large: ${text.length} bytes (max: encoded/raw ${MAX_BASE64_SIZE}/${PACKET_DATA_SIZE})`,
    )
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw invalidParams('invalid base64 encoding: InvalidByte')
  }
  return new Uint8Array(Buffer.from(text, 'base64'))
}

const transactionEncoding = (config: Record<string, unknown>) => {
  const encoding = config.encoding ?? 'base58'
  if (encoding !== 'base58' && encoding !== 'base64') {
    throw invalidParams(
      `unsupported encoding: ${String(encoding)}. Supported encodings: base58, base64`,
    )
  }
  return encoding
}

/** A signature's status as getSignatureStatuses and signatureNotification give it. */
export function statusOf(record: TransactionRecord) {
  return {
    confirmationStatus: 'finalized',
    confirmations: null,
    err: record.err,
    slot: record.slot,
    status: record.err ? { Err: record.err } : { Ok: null },
  }
}

/** Sending, simulating and watching transactions, and the faucet. */
export function transactionMethods(faucet: SolanaKeypair): Methods {
  return {
    sendTransaction(params, chain) {
      requireParams(params, 1)
      const text = stringParam(params[0])
      const config = configParam(params, 1, chain)
      const decoded = decodeOrRefuse(wireBytes(text, transactionEncoding(config)))
      return submitTransaction(chain, decoded, { skipPreflight: config.skipPreflight === true })
    },

    simulateTransaction(params, chain) {
      requireParams(params, 1)
      const text = stringParam(params[0])
      const config = configParam(params, 1, chain)
      const decoded = decodeOrRefuse(wireBytes(text, transactionEncoding(config)))
      const replace = config.replaceRecentBlockhash === true
      if (config.sigVerify === true && replace) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      }
      if (config.sigVerify === true && !verifySignatures(decoded)) {
        throw new RpcError(
          SIGNATURE_VERIFICATION_FAILURE,
          'Transaction signature verification failure',
        )
      }
      const candidate = replace ? withBlockhash(decoded, chain.latestBlockhash) : decoded
      const resolved = chain.resolveAccountKeys(candidate)
      const replacement = replace
        ? { blockhash: chain.latestBlockhash, lastValidBlockHeight: chain.lastValidBlockHeight() }
        : null
      if (!(typeof resolved === 'object' && 'keys' in resolved)) {
        return {
          context: context(chain),
          value: { ...simulationJson(resolved), replacementBlockhash: replacement },
        }
      }
      if (!lifetimeIsValid(chain, candidate)) {
        return {
          context: context(chain),
          value: { ...simulationJson('BlockhashNotFound'), replacementBlockhash: replacement },
        }
      }
      const simulation = chain.simulate(candidate, resolved.keys)
      const wanted = config.accounts as { addresses?: unknown; encoding?: unknown } | undefined
      let accounts: unknown = null
      if (wanted && Array.isArray(wanted.addresses)) {
        const encoding = oneOf(
          wanted.encoding,
          ['base64', 'jsonParsed', 'base58', 'binary'] as const,
          'base64',
        )
        accounts = wanted.addresses.map((item) => {
          const key = pubkeyParam(item)
          const account = simulation.postAccounts.get(key) ?? chain.account(key)
          return account ? encodeAccount(chain, account, encoding) : null
        })
      }
      return {
        context: context(chain),
        value: {
          ...simulationJson(simulation.err, simulation),
          accounts,
          fee: simulation.fee,
          preBalances: simulation.preBalances,
          postBalances: simulation.postBalances,
          preTokenBalances: simulation.preTokenBalances,
          postTokenBalances: simulation.postTokenBalances,
          loadedAddresses: simulation.loadedAddresses,
          replacementBlockhash: replacement,
        },
      }
    },

    getSignatureStatuses(params, chain) {
      requireParams(params, 1)
      if (!Array.isArray(params[0]))
        throw invalidParams('Invalid params: invalid type: expected a sequence.')
      if (params[0].length > MAX_STATUSES) {
        throw invalidParams(`Too many inputs provided; max ${MAX_STATUSES}`)
      }
      const signatures = params[0].map(signatureParam)
      configParam(params, 1, chain)
      return {
        context: context(chain),
        value: signatures.map((signature) => {
          const record = chain.transaction(signature)
          return record ? statusOf(record) : null
        }),
      }
    },

    requestAirdrop(params, chain) {
      requireParams(params, 2)
      const to = pubkeyParam(params[0])
      const amount = u64Param(params[1])
      configParam(params, 2, chain)
      if (amount > MAX_AIRDROP_LAMPORTS) {
        throw invalidParams(
          `airdrop of ${amount} lamports is above this faucet's limit of ${MAX_AIRDROP_LAMPORTS} lamports`,
        )
      }
      const transfer = getTransferSolInstruction({
        source: signerOf(faucet),
        destination: address(to),
        amount: lamports(amount),
      })
      return submitOwnTransaction(
        chain,
        buildTransaction([transfer], [faucet], chain.latestBlockhash),
      )
    },
  }
}

/** The transaction with its blockhash swapped, for simulateTransaction's replaceRecentBlockhash. */
function withBlockhash(decoded: ReturnType<typeof decodeOrRefuse>, recent: string) {
  const message = getCompiledTransactionMessageDecoder().decode(decoded.transaction.messageBytes)
  const messageBytes = getCompiledTransactionMessageEncoder().encode({
    ...message,
    lifetimeToken: blockhash(recent),
  })
  return {
    ...decoded,
    message: { ...decoded.message, lifetimeToken: blockhash(recent) },
    transaction: {
      ...decoded.transaction,
      messageBytes: messageBytes as typeof decoded.transaction.messageBytes,
    },
  }
}

export type { SolanaChain }
