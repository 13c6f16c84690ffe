import { formatSiwsMessage, type SiwsMessage } from '@latch/protocol/siwx'
import { invalidParams, unauthorized, userRejected, WalletRpcError } from '../errors.ts'
import { isRecord } from '../params.ts'
import type { DecideFn, WalletRequest } from '../wallet.ts'
import { solanaKeypair } from './keys.ts'
import { type Commitment, type SendOptions, sendWireTransaction } from './send.ts'
import { signerSlot, signWireTransaction, TransactionFormatError } from './wire.ts'

export type SolanaWalletCoreOptions = {
  secretKey: string
  rpcUrl: string
  chains: readonly `${string}:${string}`[]
  decide?: DecideFn
}

/** What Node tells a frame about the wallet as seen from that frame's origin. */
export type SolanaPageState = {
  seq: number
  /** Whether the origin is approved: a page shows the account once it has connected. */
  approved: boolean
}

const SIWS_FIELDS = [
  'domain',
  'address',
  'statement',
  'uri',
  'version',
  'chainId',
  'nonce',
  'issuedAt',
  'expirationTime',
  'notBefore',
  'requestId',
] as const
const COMMITMENTS: readonly Commitment[] = ['processed', 'confirmed', 'finalized']

const bytesParam = (value: unknown, name: string): Uint8Array => {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
    throw invalidParams(`${name} must be bytes`)
  }
  return new Uint8Array(Buffer.from(value, 'base64'))
}
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/**
 * The Node half of the Wallet Standard Solana wallet: the key, the approved origins and the
 * handling of each feature call a page forwards. Byte arrays cross the bridge as base64.
 */
export function createSolanaWalletCore(
  options: SolanaWalletCoreOptions,
  onChange: () => Promise<void>,
) {
  const keypair = solanaKeypair(options.secretKey)
  if (options.chains.length === 0) throw new Error('installSolanaTestWallet: `chains` is empty')
  const approvedOrigins = new Set<string>()
  const requests: WalletRequest[] = []
  const pendingRejections: (string | undefined)[] = []
  let decide: DecideFn = options.decide ?? (() => 'approve')
  let seq = 0

  const changed = async () => {
    seq++
    await onChange()
  }

  const ask = async (request: WalletRequest) => {
    const index = pendingRejections.findIndex((m) => m === undefined || m === request.method)
    if (index >= 0) {
      pendingRejections.splice(index, 1)
      throw userRejected()
    }
    if ((await decide(request)) !== 'approve') throw userRejected()
  }

  const approve = async (origin: string) => {
    if (approvedOrigins.has(origin)) return
    approvedOrigins.add(origin)
    await changed()
  }

  /** The request's account must be this wallet's, and its origin approved. */
  const requireAccount = (origin: string, params: Record<string, unknown>) => {
    if (!approvedOrigins.has(origin)) throw unauthorized(`${origin} is not connected`)
    if (params.account !== keypair.address) {
      throw unauthorized(`unknown account ${String(params.account)}`)
    }
  }

  const requireChain = (chain: unknown, required: boolean) => {
    if (chain === undefined && !required) return
    if (typeof chain !== 'string' || !options.chains.includes(chain as `${string}:${string}`)) {
      throw invalidParams(`the wallet does not support chain ${String(chain)}`)
    }
  }

  /** Reads the transaction, so a malformed one is refused before the user is asked. */
  const signable = (value: unknown): Uint8Array => {
    const transaction = bytesParam(value, 'transaction')
    try {
      signerSlot(transaction, keypair.publicKey)
      return transaction
    } catch (error) {
      if (error instanceof TransactionFormatError) {
        throw invalidParams(`cannot sign the transaction: ${error.message}`)
      }
      throw error
    }
  }

  const sign = (transaction: Uint8Array) =>
    signWireTransaction(transaction, keypair.publicKey, keypair.sign)

  const handlers: Record<
    string,
    (request: WalletRequest, params: Record<string, unknown>) => Promise<unknown>
  > = {
    'standard:connect': async (request, { silent }) => {
      if (approvedOrigins.has(request.origin)) return { approved: true }
      // A silent connect never asks: an origin the user has not approved gets no account.
      if (silent === true) return { approved: false }
      await ask(request)
      await approve(request.origin)
      return { approved: true }
    },

    'standard:disconnect': async ({ origin }) => {
      if (approvedOrigins.delete(origin)) await changed()
      return null
    },

    'solana:signMessage': async (request, params) => {
      requireAccount(request.origin, params)
      const message = bytesParam(params.message, 'message')
      await ask(request)
      return { signedMessage: base64(message), signature: base64(keypair.sign(message)) }
    },

    'solana:signTransaction': async (request, params) => {
      requireAccount(request.origin, params)
      requireChain(params.chain, false)
      const transaction = signable(params.transaction)
      await ask(request)
      return { signedTransaction: base64(sign(transaction).signedTransaction) }
    },

    'solana:signAndSendTransaction': async (request, params) => {
      requireAccount(request.origin, params)
      requireChain(params.chain, true)
      const transaction = signable(params.transaction)
      const sendOptions = sendOptionsParam(params.options)
      await ask(request)
      const signed = sign(transaction)
      await sendWireTransaction(options.rpcUrl, signed.signedTransaction, sendOptions)
      // A transaction is known by its first signature, the fee payer's.
      return { signature: base64(signed.transaction.signatures[0] as Uint8Array) }
    },

    'solana:signIn': async (request, { input }) => {
      const fields = signInInput(input ?? {})
      if (fields.address !== undefined && fields.address !== keypair.address) {
        throw unauthorized(`unknown account ${fields.address}`)
      }
      const message: SiwsMessage = {
        ...fields,
        // The wallet fills what the site left out from where the request came from.
        domain: fields.domain ?? hostOf(request.origin),
        address: keypair.address,
      }
      const text = formatSiwsMessage(message)
      await ask(request)
      const signedMessage = new TextEncoder().encode(text)
      await approve(request.origin)
      return {
        signedMessage: base64(signedMessage),
        signature: base64(keypair.sign(signedMessage)),
      }
    },
  }

  const handle = async (origin: string, method: string, params: unknown): Promise<unknown> => {
    const request: WalletRequest = { method, params: [params], origin }
    requests.push(request)
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    if (!handler) throw new WalletRpcError(4200, `The wallet does not support ${method}`)
    if (!isRecord(params)) throw invalidParams('expected an object')
    return handler(request, params)
  }

  return {
    address: keypair.address,
    publicKey: keypair.publicKey,
    requests,
    handle,
    stateFor: (origin: string): SolanaPageState => ({ seq, approved: approvedOrigins.has(origin) }),
    setDecision(next: DecideFn) {
      decide = next
    },
    rejectNext(method?: string) {
      pendingRejections.push(method)
    },
    async disconnect() {
      if (approvedOrigins.size === 0) return
      approvedOrigins.clear()
      await changed()
    },
  }
}

export type SolanaWalletCore = ReturnType<typeof createSolanaWalletCore>

function hostOf(origin: string): string {
  try {
    return new URL(origin).host
  } catch {
    throw invalidParams(`cannot sign in from ${origin}: it has no domain`)
  }
}

function signInInput(value: unknown): Omit<SiwsMessage, 'domain' | 'address'> & {
  domain?: string
  address?: string
} {
  if (!isRecord(value)) throw invalidParams('signIn input must be an object')
  const fields: Record<string, unknown> = {}
  for (const key of SIWS_FIELDS) {
    const field = value[key]
    if (field === undefined) continue
    if (typeof field !== 'string') throw invalidParams(`signIn ${key} must be a string`)
    fields[key] = field
  }
  if (fields.version !== undefined && fields.version !== '1') {
    throw invalidParams(`signIn version must be "1", got "${fields.version}"`)
  }
  const { resources } = value
  if (resources !== undefined) {
    if (!Array.isArray(resources) || resources.some((r) => typeof r !== 'string')) {
      throw invalidParams('signIn resources must be an array of strings')
    }
    fields.resources = resources
  }
  return fields as ReturnType<typeof signInInput>
}

function sendOptionsParam(value: unknown): SendOptions {
  if (value === undefined || value === null) return {}
  if (!isRecord(value)) throw invalidParams('options must be an object')
  const result: SendOptions = {}
  for (const key of ['commitment', 'preflightCommitment'] as const) {
    const level = value[key]
    if (level === undefined) continue
    if (!COMMITMENTS.includes(level as Commitment)) {
      throw invalidParams(`options.${key} must be processed, confirmed or finalized`)
    }
    result[key] = level as Commitment
  }
  for (const key of ['maxRetries', 'minContextSlot'] as const) {
    const number = value[key]
    if (number === undefined) continue
    if (!Number.isSafeInteger(number) || (number as number) < 0) {
      throw invalidParams(`options.${key} must be a non-negative integer`)
    }
    result[key] = number as number
  }
  if (value.skipPreflight !== undefined) {
    if (typeof value.skipPreflight !== 'boolean') {
      throw invalidParams('options.skipPreflight must be a boolean')
    }
    result.skipPreflight = value.skipPreflight
  }
  return result
}
