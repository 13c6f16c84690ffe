import { invalidParams, unauthorized, userRejected, WalletRpcError } from '../errors.ts'
import { isRecord } from '../params.ts'
import type { DecideFn, WalletRequest } from '../wallet.ts'
import {
  type AddressPurpose,
  type AddressType,
  type BitcoinNetworkName,
  type WalletKey,
  walletKey,
} from './keys.ts'
import { signBip137, signBip322 } from './messages.ts'
import { checkInputsToSign, type InputsToSign, readPsbt, signPsbtInputs } from './psbt.ts'
import { broadcast, type Recipient, sendTransfer } from './send.ts'

/** How the wallet signs messages: BIP-322 simple, or BIP-137 (ECDSA) where the address allows. */
export type MessageProtocol = 'bip322' | 'bip137'

export type BitcoinWalletCoreOptions = {
  /** The hex private keys of the payment and ordinals addresses (as the devnet manifest lists them). */
  keys: { payment: { privateKey: string }; ordinals: { privateKey: string } }
  /** Which address encoding the keys take; default `regtest`. */
  network?: BitcoinNetworkName
  /** The payment address's kind: P2WPKH (default), nested segwit (P2SH-P2WPKH) or taproot. */
  paymentType?: AddressType
  /** Where sendTransfer reads UTXOs and fee estimates and broadcasts: the chain's Esplora API. */
  esploraUrl: string
  /**
   * How messages are signed when the site does not say: BIP-322 (default) or BIP-137. Taproot
   * addresses always sign BIP-322 and nested segwit ones BIP-137, the only form each has.
   */
  messageProtocol?: MessageProtocol
  /** Whether signed PSBT inputs come back finalized (their final witness) or as partial signatures. */
  finalizePsbt?: boolean
  decide?: DecideFn
}

/** What Node tells a frame about the wallet as seen from that frame's origin. */
export type BitcoinPageState = {
  seq: number
  /** Whether the origin is approved: a page shows the accounts once it has connected. */
  approved: boolean
}

/** An address as the wallet reports it to a site. */
export type ReportedAddress = {
  address: string
  /** Hex: compressed for P2WPKH and P2SH-P2WPKH, x-only for P2TR. */
  publicKey: string
  purpose: AddressPurpose
  addressType: AddressType
}

const PURPOSES: readonly AddressPurpose[] = ['payment', 'ordinals']

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const bytesParam = (value: unknown, name: string): Uint8Array => {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value))
    throw invalidParams(`${name} must be base64 bytes`)
  return new Uint8Array(Buffer.from(value, 'base64'))
}

function purposesParam(value: unknown): AddressPurpose[] {
  if (value === undefined) return [...PURPOSES]
  if (!Array.isArray(value) || value.length === 0)
    throw invalidParams('purposes must be a non-empty array')
  for (const purpose of value)
    if (!PURPOSES.includes(purpose as AddressPurpose))
      throw invalidParams(`unknown address purpose ${JSON.stringify(purpose)}`)
  return [...new Set(value as AddressPurpose[])]
}

function inputsToSignParam(value: unknown): InputsToSign {
  if (!Array.isArray(value) || value.length === 0)
    throw invalidParams('inputsToSign must list the inputs to sign')
  return value.map((entry) => {
    if (!isRecord(entry) || typeof entry.address !== 'string' || !Array.isArray(entry.indexes))
      throw invalidParams('each input to sign is { address, indexes }')
    return { address: entry.address, indexes: entry.indexes as number[] }
  })
}

function recipientsParam(value: unknown): Recipient[] {
  if (!Array.isArray(value) || value.length === 0)
    throw invalidParams('recipients must list at least one { address, amount }')
  return value.map((entry) => {
    if (!isRecord(entry) || typeof entry.address !== 'string')
      throw invalidParams('each recipient is { address, amount }')
    const { amount } = entry
    if (
      (typeof amount !== 'string' || !/^\d+$/.test(amount)) &&
      (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0)
    )
      throw invalidParams('amount must be a whole number of satoshis')
    return { address: entry.address, amount: BigInt(amount) }
  })
}

/**
 * The Node half of the Bitcoin test wallets (Wallet Standard and sats-connect): the keys, the
 * approved origins, and each call a page half forwards, whatever its protocol names it.
 */
export function createBitcoinWalletCore(
  options: BitcoinWalletCoreOptions,
  onChange: () => Promise<void>,
) {
  const network = options.network ?? 'regtest'
  const payment = walletKey(
    'payment',
    options.paymentType ?? 'p2wpkh',
    options.keys.payment.privateKey,
    network,
  )
  const ordinals = walletKey('ordinals', 'p2tr', options.keys.ordinals.privateKey, network)
  const keys: readonly WalletKey[] = [payment, ordinals]
  const approvedOrigins = new Set<string>()
  const requests: WalletRequest[] = []
  const pendingRejections: (string | undefined)[] = []
  let decide: DecideFn = options.decide ?? (() => 'approve')
  let messageProtocol: MessageProtocol = options.messageProtocol ?? 'bip322'
  let unsignedPsbt = false
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

  const requireApproved = (origin: string) => {
    if (!approvedOrigins.has(origin)) throw unauthorized(`${origin} is not connected`)
  }

  const reported = (key: WalletKey): ReportedAddress => ({
    address: key.address,
    publicKey: Buffer.from(key.publicKey).toString('hex'),
    purpose: key.purpose,
    addressType: key.addressType,
  })

  const keyOf = (address: unknown): WalletKey => {
    const key = keys.find((candidate) => candidate.address === address)
    if (!key) throw unauthorized(`unknown address ${String(address)}`)
    return key
  }

  const connect = async (request: WalletRequest, params: Record<string, unknown>) => {
    const purposes = purposesParam(params.purposes)
    const addresses = () =>
      purposes.map((purpose) => reported(purpose === 'payment' ? payment : ordinals))
    if (approvedOrigins.has(request.origin)) return { approved: true, addresses: addresses() }
    // A silent connect never asks: an origin the user has not approved gets no account.
    if (params.silent === true) return { approved: false, addresses: [] }
    await ask(request)
    approvedOrigins.add(request.origin)
    await changed()
    return { approved: true, addresses: addresses() }
  }

  const signMessage = async (request: WalletRequest, params: Record<string, unknown>) => {
    requireApproved(request.origin)
    const key = keyOf(params.address)
    const message =
      typeof params.text === 'string'
        ? new TextEncoder().encode(params.text)
        : bytesParam(params.message, 'message')
    const asked =
      params.protocol === 'BIP322' ? 'bip322' : params.protocol === 'ECDSA' ? 'bip137' : undefined
    if (params.protocol !== undefined && !asked)
      throw invalidParams(`unknown signing protocol ${String(params.protocol)}`)
    // Each address kind has the forms it has: taproot only BIP-322, nested segwit only BIP-137.
    const protocol: MessageProtocol =
      key.addressType === 'p2tr'
        ? 'bip322'
        : key.addressType === 'p2sh'
          ? 'bip137'
          : (asked ?? messageProtocol)
    await ask(request)
    const signature = protocol === 'bip322' ? signBip322(key, message) : signBip137(key, message)
    return {
      signature: base64(signature),
      signedMessage: base64(message),
      protocol,
      address: key.address,
    }
  }

  const signPsbt = async (request: WalletRequest, params: Record<string, unknown>) => {
    requireApproved(request.origin)
    const psbt = bytesParam(params.psbt, 'psbt')
    const tx = readPsbt(psbt)
    const asked = checkInputsToSign(tx, keys, inputsToSignParam(params.inputsToSign))
    await ask(request)
    // A faulty wallet, for the tests that a site never broadcasts what was not signed.
    if (unsignedPsbt) return { psbt: base64(psbt) }
    // Asked to broadcast (sats-connect's `broadcast`), the wallet finalizes and sends it itself.
    const send = params.broadcast === true
    const finalize =
      send ||
      (typeof params.finalize === 'boolean' ? params.finalize : (options.finalizePsbt ?? false))
    const signed = signPsbtInputs(tx, asked, finalize)
    if (!send) return { psbt: base64(signed) }
    tx.finalize()
    return { psbt: base64(signed), txid: await broadcast(options.esploraUrl, tx.hex) }
  }

  const transfer = async (request: WalletRequest, params: Record<string, unknown>) => {
    requireApproved(request.origin)
    const recipients = recipientsParam(params.recipients)
    await ask(request)
    return { txid: await sendTransfer(options.esploraUrl, network, payment, recipients) }
  }

  const disconnect = async (request: WalletRequest) => {
    if (approvedOrigins.delete(request.origin)) await changed()
    return null
  }

  /** Each protocol's names for the same calls: the Bitcoin Wallet Standard's, then sats-connect's. */
  const handlers: Record<
    string,
    (request: WalletRequest, params: Record<string, unknown>) => Promise<unknown>
  > = {
    'bitcoin:connect': connect,
    'standard:disconnect': disconnect,
    'bitcoin:signMessage': signMessage,
    'bitcoin:signTransaction': signPsbt,
    'bitcoin:sendTransfer': transfer,
    getAccounts: connect,
    wallet_getAccount: (request) => connect(request, { silent: true }),
    wallet_disconnect: disconnect,
    signMessage,
    signPsbt,
    sendTransfer: transfer,
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
    addresses: { payment: reported(payment), ordinals: reported(ordinals) },
    requests,
    handle,
    stateFor: (origin: string): BitcoinPageState => ({
      seq,
      approved: approvedOrigins.has(origin),
    }),
    setDecision(next: DecideFn) {
      decide = next
    },
    rejectNext(method?: string) {
      pendingRejections.push(method)
    },
    setMessageProtocol(next: MessageProtocol) {
      messageProtocol = next
    },
    returnUnsignedPsbt(on: boolean) {
      unsignedPsbt = on
    },
    async disconnect() {
      if (approvedOrigins.size === 0) return
      approvedOrigins.clear()
      await changed()
    },
  }
}

export type BitcoinWalletCore = ReturnType<typeof createBitcoinWalletCore>
