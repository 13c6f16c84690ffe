import { getBase58Decoder } from '@solana/kit'
import type { SolanaChain } from './chain.ts'
import { invalidParams, RpcError, UNSUPPORTED_TRANSACTION_VERSION } from './errors.ts'
import type { Methods } from './methods.ts'
import {
  configParam,
  oneOf,
  pubkeyParam,
  requireParams,
  signatureParam,
  usizeParam,
} from './params.ts'
import { parseInstruction } from './parseInstruction.ts'
import type { TransactionRecord } from './records.ts'

// getSignaturesForAddress answers at most this many signatures per page.
const MAX_SIGNATURES = 1000

const base58 = (data: Uint8Array) => getBase58Decoder().decode(data)

/** Which account keys sign and which are writable, from the message header. */
function roles(record: TransactionRecord) {
  const { header, staticAccounts } = record.decoded.message
  const signers = header.numSignerAccounts
  const writableSigners = signers - header.numReadonlySignerAccounts
  const writableStatic = staticAccounts.length - header.numReadonlyNonSignerAccounts
  return record.accountKeys.map((pubkey, index) => {
    const isStatic = index < staticAccounts.length
    const writable = isStatic
      ? index < signers
        ? index < writableSigners
        : index < writableStatic
      : index < staticAccounts.length + record.loadedAddresses.writable.length
    return {
      pubkey,
      signer: index < signers,
      writable,
      source: isStatic ? 'transaction' : 'lookupTable',
    }
  })
}

function messageJson(record: TransactionRecord, parsed: boolean) {
  const { message } = record.decoded
  const keys = record.accountKeys
  const instructions = message.instructions.map((instruction) => {
    const accounts = instruction.accountIndices ?? []
    const data = new Uint8Array(instruction.data ?? new Uint8Array())
    if (!parsed) {
      return {
        accounts,
        data: base58(data),
        programIdIndex: instruction.programAddressIndex,
        stackHeight: null,
      }
    }
    return parseInstruction(
      keys[instruction.programAddressIndex] ?? '',
      accounts.map((index) => keys[index] ?? ''),
      data,
      null,
    )
  })
  const lookups =
    message.version === 0
      ? {
          addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
            accountKey: lookup.lookupTableAddress,
            readonlyIndexes: lookup.readonlyIndexes,
            writableIndexes: lookup.writableIndexes,
          })),
        }
      : {}
  if (parsed) {
    return {
      accountKeys: roles(record),
      instructions,
      recentBlockhash: message.lifetimeToken,
      ...lookups,
    }
  }
  return {
    accountKeys: message.staticAccounts,
    header: message.header,
    instructions,
    recentBlockhash: message.lifetimeToken,
    ...lookups,
  }
}

function metaJson(record: TransactionRecord, parsed: boolean) {
  const keys = record.accountKeys
  const innerInstructions = record.innerInstructions.map((entry) => ({
    index: entry.index,
    instructions: entry.instructions.map((inner) =>
      parsed
        ? parseInstruction(
            keys[inner.programIdIndex] ?? '',
            inner.accounts.map((index) => keys[index] ?? ''),
            inner.data,
            inner.stackHeight,
          )
        : {
            accounts: inner.accounts,
            data: base58(inner.data),
            programIdIndex: inner.programIdIndex,
            stackHeight: inner.stackHeight,
          },
    ),
  }))
  return {
    computeUnitsConsumed: record.computeUnitsConsumed,
    err: record.err,
    fee: record.fee,
    innerInstructions,
    ...(parsed ? {} : { loadedAddresses: record.loadedAddresses }),
    logMessages: record.logMessages,
    postBalances: record.postBalances,
    postTokenBalances: record.postTokenBalances,
    preBalances: record.preBalances,
    preTokenBalances: record.preTokenBalances,
    rewards: [],
    status: record.err ? { Err: record.err } : { Ok: null },
  }
}

const TRANSACTION_ENCODINGS = ['json', 'jsonParsed', 'base58', 'base64', 'binary'] as const

/** Reading what ran: signatures of an address, and transactions with their metadata. */
export const historyMethods: Methods = {
  getSignaturesForAddress(params, chain: SolanaChain) {
    requireParams(params, 1)
    const key = pubkeyParam(params[0])
    const config = configParam(params, 1, chain)
    const limit = config.limit === undefined ? MAX_SIGNATURES : usizeParam(config.limit)
    if (limit > MAX_SIGNATURES) throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES}`)
    if (config.commitment === 'processed') {
      throw invalidParams('Method does not support commitment below `confirmed`')
    }
    const before = config.before === undefined ? undefined : signatureParam(config.before)
    const until = config.until === undefined ? undefined : signatureParam(config.until)
    const newestFirst = [...chain.signaturesFor(key)].reverse()
    let start = 0
    if (before !== undefined) {
      const at = newestFirst.indexOf(before)
      if (at === -1) return []
      start = at + 1
    }
    const out = []
    for (const signature of newestFirst.slice(start)) {
      if (signature === until || out.length >= limit) break
      const record = chain.transaction(signature)
      if (!record) continue
      out.push({
        blockTime: record.blockTime,
        confirmationStatus: 'finalized',
        err: record.err,
        memo: record.memo,
        signature,
        slot: record.slot,
      })
    }
    return out
  },

  getTransaction(params, chain) {
    requireParams(params, 1)
    const signature = signatureParam(params[0])
    const config =
      typeof params[1] === 'string' ? { encoding: params[1] } : configParam(params, 1, chain)
    if (config.commitment === 'processed') {
      throw invalidParams('Method does not support commitment below `confirmed`')
    }
    const encoding = oneOf(config.encoding, TRANSACTION_ENCODINGS, 'json')
    const maxVersion = config.maxSupportedTransactionVersion
    if (maxVersion !== undefined && maxVersion !== 0) {
      throw invalidParams(
        `Invalid params: invalid value: integer \`${String(maxVersion)}\`, expected u8 0.`,
      )
    }
    const record = chain.transaction(signature)
    if (!record) return null
    if (record.decoded.version === 0 && maxVersion === undefined) {
      throw new RpcError(
        UNSUPPORTED_TRANSACTION_VERSION,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      )
    }
    const parsed = encoding === 'jsonParsed'
    let transaction: unknown
    if (encoding === 'base64')
      transaction = [Buffer.from(record.decoded.bytes).toString('base64'), 'base64']
    else if (encoding === 'base58' || encoding === 'binary') {
      transaction =
        encoding === 'binary'
          ? base58(record.decoded.bytes)
          : [base58(record.decoded.bytes), 'base58']
    } else
      transaction = { message: messageJson(record, parsed), signatures: record.decoded.signatures }
    return {
      blockTime: record.blockTime,
      meta: metaJson(record, parsed),
      slot: record.slot,
      transaction,
      ...(maxVersion === undefined ? {} : { version: record.decoded.version }),
    }
  },
}
