import { invalidParams, unauthorized, unsupportedMethod, userRejected } from '../errors.ts'
import { isRecord } from '../params.ts'
import { base58, type SolanaKeypair } from '../solana/keys.ts'
import { type Commitment, type SendOptions, sendWireTransaction } from '../solana/send.ts'
import { signWireTransaction, TransactionFormatError } from '../solana/wire.ts'
import type { Decision } from './requests.ts'

/** The Solana methods the wallet offers in a session, as WalletConnect's Solana RPC names them. */
export const SOLANA_WALLET_METHODS = [
  'solana_getAccounts',
  'solana_requestAccounts',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const

export type SolanaRequestContext = {
  /** The wallet's current Solana account (read at each request: the wallet may switch). */
  readonly keypair: SolanaKeypair
  rpcUrl: string
  /** How the user answers a request for `method` that needs consent. */
  decide(method: string): Decision
}

const COMMITMENTS: readonly Commitment[] = ['processed', 'confirmed', 'finalized']

function objectParams(params: unknown): Record<string, unknown> {
  if (!isRecord(params)) throw invalidParams('params must be an object')
  return params
}

function base64Param(value: unknown, name: string): Uint8Array {
  if (typeof value !== 'string' || value === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
    throw invalidParams(`${name} must be base64`)
  }
  return new Uint8Array(Buffer.from(value, 'base64'))
}

function sendOptions(value: unknown): SendOptions {
  if (value === undefined || value === null) return {}
  if (!isRecord(value)) throw invalidParams('sendOptions must be an object')
  const options: SendOptions = {}
  if (value.skipPreflight !== undefined) options.skipPreflight = value.skipPreflight === true
  if (COMMITMENTS.includes(value.preflightCommitment as Commitment)) {
    options.preflightCommitment = value.preflightCommitment as Commitment
  }
  if (Number.isSafeInteger(value.maxRetries)) options.maxRetries = value.maxRetries as number
  if (Number.isSafeInteger(value.minContextSlot)) {
    options.minContextSlot = value.minContextSlot as number
  }
  return options
}

/**
 * Answers a session's `solana_*` requests with the wallet's Solana key, in the shapes of
 * WalletConnect's Solana RPC: messages in base58, transactions as base64 wire bytes, signatures
 * in base58.
 */
export function createSolanaRequestHandler(context: SolanaRequestContext) {
  const ask = (method: string) => {
    if (context.decide(method) === 'reject') throw userRejected()
  }

  const sign = (transaction: Uint8Array) => {
    try {
      return signWireTransaction(transaction, context.keypair.publicKey, context.keypair.sign)
    } catch (error) {
      if (error instanceof TransactionFormatError) {
        throw invalidParams(`cannot sign the transaction: ${error.message}`)
      }
      throw error
    }
  }

  /** Signs after asking; the transaction is read first, so a malformed one is refused unasked. */
  const signAsked = (method: string, value: unknown) => {
    const bytes = base64Param(value, 'transaction')
    sign(bytes)
    ask(method)
    return sign(bytes)
  }

  const accounts = async () => [{ pubkey: context.keypair.address }]

  const handlers: Record<string, (params: unknown) => Promise<unknown>> = {
    solana_getAccounts: accounts,
    solana_requestAccounts: accounts,

    solana_signMessage: async (raw) => {
      const { message, pubkey } = objectParams(raw)
      if (pubkey !== context.keypair.address)
        throw unauthorized(`unknown account ${String(pubkey)}`)
      if (typeof message !== 'string') throw invalidParams('message must be base58')
      let bytes: Uint8Array
      try {
        bytes = base58.decode(message)
      } catch {
        throw invalidParams('message must be base58')
      }
      ask('solana_signMessage')
      return { signature: base58.encode(context.keypair.sign(bytes)) }
    },

    solana_signTransaction: async (raw) => {
      const { transaction } = objectParams(raw)
      const signed = signAsked('solana_signTransaction', transaction)
      return {
        signature: base58.encode(signed.signature),
        transaction: Buffer.from(signed.signedTransaction).toString('base64'),
      }
    },

    solana_signAllTransactions: async (raw) => {
      const { transactions } = objectParams(raw)
      if (!Array.isArray(transactions) || transactions.length === 0) {
        throw invalidParams('transactions must be a non-empty array of base64 transactions')
      }
      const all = transactions.map((value) => base64Param(value, 'transactions[]'))
      for (const bytes of all) sign(bytes)
      ask('solana_signAllTransactions')
      return {
        transactions: all.map((bytes) =>
          Buffer.from(sign(bytes).signedTransaction).toString('base64'),
        ),
      }
    },

    solana_signAndSendTransaction: async (raw) => {
      const params = objectParams(raw)
      const options = sendOptions(params.sendOptions)
      const signed = signAsked('solana_signAndSendTransaction', params.transaction)
      const signature = await sendWireTransaction(context.rpcUrl, signed.signedTransaction, options)
      return { signature }
    },
  }

  return async (method: string, params: unknown): Promise<unknown> => {
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    if (!handler) throw unsupportedMethod(method)
    return handler(params)
  }
}
