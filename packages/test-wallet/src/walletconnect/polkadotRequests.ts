import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { isHex, u8aEq, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, decodeAddress } from '@polkadot/util-crypto'
import { invalidParams, unauthorized, unsupportedMethod, userRejected } from '../errors.ts'
import { isRecord } from '../params.ts'
import type { Decision } from './requests.ts'

/** The Polkadot methods the wallet offers in a session, as WalletConnect's Polkadot RPC names them. */
export const POLKADOT_WALLET_METHODS = ['polkadot_signTransaction', 'polkadot_signMessage'] as const

/** The wallet's Polkadot key: a secret URI (`//Bob`, a hex mini-secret) and its key type. */
export type PolkadotKey = { suri: string; type?: 'sr25519' | 'ed25519' | 'ecdsa' }

/** The key pair of `key`, its address in the generic Substrate prefix (42). */
export async function polkadotPair(key: PolkadotKey): Promise<KeyringPair> {
  // sr25519 runs in WebAssembly, which loads once.
  await cryptoWaitReady()
  return new Keyring({ type: key.type ?? 'sr25519', ss58Format: 42 }).addFromUri(key.suri)
}

export type PolkadotRequestContext = {
  readonly pair: KeyringPair
  /** How the user answers a request for `method`. */
  decide(method: string): Decision
}

/** The params object, its `address` the wallet's key written in any SS58 prefix. */
function ownParams(raw: unknown, pair: KeyringPair): Record<string, unknown> {
  if (!isRecord(raw)) throw invalidParams('params must be an object')
  const { address } = raw
  let publicKey: Uint8Array
  try {
    publicKey = decodeAddress(typeof address === 'string' ? address : '')
  } catch {
    throw invalidParams(`${String(address)} is not an SS58 address`)
  }
  if (!u8aEq(publicKey, pair.publicKey)) throw unauthorized(`unknown account ${String(address)}`)
  return raw
}

/**
 * Answers a session's `polkadot_*` requests with the wallet's key, in the shapes of WalletConnect's
 * Polkadot RPC: polkadot_signTransaction `{ address, transactionPayload }` and polkadot_signMessage
 * `{ address, message }`, both answered `{ id, signature }`. A transaction is signed as polkadot{.js}
 * signs a payload (hashed over 256 bytes, the key type's byte first); a message as its UTF-8 bytes
 * wrapped in <Bytes>...</Bytes>, so it can never be a transaction.
 */
export function createPolkadotRequestHandler(context: PolkadotRequestContext) {
  let signatures = 0
  const ask = (method: string) => {
    if (context.decide(method) === 'reject') throw userRejected()
  }

  const handlers: Record<string, (params: unknown) => Promise<unknown>> = {
    polkadot_signTransaction: async (raw) => {
      const { transactionPayload } = ownParams(raw, context.pair)
      if (!isRecord(transactionPayload)) throw invalidParams('transactionPayload must be an object')
      const payload = transactionPayload as unknown as SignerPayloadJSON
      if (!Array.isArray(payload.signedExtensions) || !isHex(payload.method))
        throw invalidParams('transactionPayload needs method and signedExtensions')
      ownParams({ address: payload.address }, context.pair)
      const registry = new TypeRegistry()
      registry.setSignedExtensions(payload.signedExtensions)
      const extrinsicPayload = registry.createType('ExtrinsicPayload', payload, {
        version: payload.version,
      })
      ask('polkadot_signTransaction')
      return { id: ++signatures, signature: extrinsicPayload.sign(context.pair).signature }
    },

    polkadot_signMessage: async (raw) => {
      const { message } = ownParams(raw, context.pair)
      if (typeof message !== 'string') throw invalidParams('message must be a string')
      ask('polkadot_signMessage')
      const bytes = u8aWrapBytes(new TextEncoder().encode(message))
      return { id: ++signatures, signature: u8aToHex(context.pair.sign(bytes)) }
    },
  }

  return async (method: string, params: unknown): Promise<unknown> => {
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    if (!handler) throw unsupportedMethod(method)
    return handler(params)
  }
}
