import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { hexToU8a, isHex, u8aEq, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, decodeAddress } from '@polkadot/util-crypto'
import { invalidParams, unauthorized, WalletRpcError } from '../errors.ts'
import { isRecord } from '../params.ts'
import type { DecideFn, WalletRequest } from '../wallet.ts'

/** The key types an injected Polkadot extension holds accounts of. */
export type PolkadotKeyType = 'sr25519' | 'ed25519' | 'ecdsa'

/** One account of the wallet: the secret URI it derives from (`//Alice`, a hex mini-secret, a mnemonic). */
export type PolkadotTestAccount = { seed: string; name: string; type?: PolkadotKeyType }

export type PolkadotWalletCoreOptions = {
  /** The accounts the wallet holds, in the order it lists them (at least one). */
  accounts: readonly PolkadotTestAccount[]
  /**
   * The SS58 prefix the wallet writes addresses in; default 42 (generic Substrate), as extensions
   * do unless told a chain, so a site must show them in its chain's own prefix.
   */
  ss58Format?: number
  decide?: DecideFn
}

/** An account as the extension lists it to a site (`InjectedAccount`). */
export type InjectedAccount = {
  address: string
  name: string
  type: PolkadotKeyType
  genesisHash: null
}

/** What Node tells a frame about the wallet as seen from that frame's origin. */
export type PolkadotPageState = {
  seq: number
  approved: boolean
  /** The accounts the origin may see: none until it is approved. */
  accounts: InjectedAccount[]
}

/**
 * Extensions decline with a plain Error whose message says so (polkadot{.js}: "Cancelled"),
 * not a coded one: the page half throws it as such.
 */
const cancelled = () => new WalletRpcError(4001, 'Cancelled')
const rejected = () => new WalletRpcError(4001, 'Rejected')

const stringParam = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || value.length === 0) throw invalidParams(`${name} is required`)
  return value
}

/**
 * The Node half of the injectedWeb3 test wallet: the keys, the approved origins, and each call the
 * page half forwards (enable, accounts, signPayload, signRaw). It signs as polkadot{.js} does:
 * the extrinsic payload encoded from its JSON by the signed extensions it names (hashed when over
 * 256 bytes) with the key type's byte before the signature, and raw bytes wrapped in
 * <Bytes>...</Bytes> with no type byte.
 */
export async function createPolkadotWalletCore(
  options: PolkadotWalletCoreOptions,
  onChange: () => Promise<void>,
) {
  await cryptoWaitReady()
  const ss58Format = options.ss58Format ?? 42
  const pairs: KeyringPair[] = options.accounts.map((account) =>
    new Keyring({ type: account.type ?? 'sr25519', ss58Format }).addFromUri(account.seed, {
      name: account.name,
    }),
  )
  if (pairs.length === 0) throw new Error('The Polkadot test wallet needs at least one account')
  const approvedOrigins = new Set<string>()
  const requests: WalletRequest[] = []
  const pendingRejections: (string | undefined)[] = []
  let decide: DecideFn = options.decide ?? (() => 'approve')
  let seq = 0
  let signatures = 0

  const changed = async () => {
    seq++
    await onChange()
  }

  const ask = async (request: WalletRequest, decline: () => WalletRpcError) => {
    const index = pendingRejections.findIndex((m) => m === undefined || m === request.method)
    if (index >= 0) {
      pendingRejections.splice(index, 1)
      throw decline()
    }
    if ((await decide(request)) !== 'approve') throw decline()
  }

  const listed = (): InjectedAccount[] =>
    pairs.map((pair, index) => ({
      address: pair.address,
      name: options.accounts[index]?.name ?? '',
      type: pair.type as PolkadotKeyType,
      genesisHash: null,
    }))

  const requireApproved = (origin: string) => {
    if (!approvedOrigins.has(origin)) throw unauthorized(`${origin} is not enabled`)
  }

  /** The pair of an address written in any SS58 prefix. */
  const pairOf = (address: unknown): KeyringPair => {
    let publicKey: Uint8Array
    try {
      publicKey = decodeAddress(stringParam(address, 'address'))
    } catch {
      throw invalidParams(`${String(address)} is not an SS58 address`)
    }
    const pair = pairs.find((candidate) => u8aEq(candidate.publicKey, publicKey))
    if (!pair) throw unauthorized(`unknown address ${String(address)}`)
    return pair
  }

  const enable = async (request: WalletRequest) => {
    if (approvedOrigins.has(request.origin)) return { accounts: listed() }
    await ask(request, rejected)
    approvedOrigins.add(request.origin)
    await changed()
    return { accounts: listed() }
  }

  const signPayload = async (request: WalletRequest, params: Record<string, unknown>) => {
    requireApproved(request.origin)
    const pair = pairOf(params.address)
    const payload = params as unknown as SignerPayloadJSON
    if (!Array.isArray(payload.signedExtensions) || !isHex(payload.method))
      throw invalidParams('a SignerPayloadJSON with method and signedExtensions is required')
    const registry = new TypeRegistry()
    registry.setSignedExtensions(payload.signedExtensions)
    const extrinsicPayload = registry.createType('ExtrinsicPayload', payload, {
      version: payload.version,
    })
    await ask(request, cancelled)
    // ExtrinsicPayload.sign hashes payloads over 256 bytes and puts the key type's byte first.
    const { signature } = extrinsicPayload.sign(pair)
    return { id: ++signatures, signature }
  }

  const signRaw = async (request: WalletRequest, params: Record<string, unknown>) => {
    requireApproved(request.origin)
    const pair = pairOf(params.address)
    const data = stringParam(params.data, 'data')
    if (params.type !== undefined && params.type !== 'bytes' && params.type !== 'payload')
      throw invalidParams('type is bytes or payload')
    // Extensions take hex bytes, and sign any other string as its UTF-8 bytes.
    const bytes = isHex(data) ? hexToU8a(data) : new TextEncoder().encode(data)
    await ask(request, cancelled)
    return { id: ++signatures, signature: u8aToHex(pair.sign(u8aWrapBytes(bytes))) }
  }

  const handlers: Record<
    string,
    (request: WalletRequest, params: Record<string, unknown>) => Promise<unknown>
  > = {
    enable,
    accounts: async (request) => {
      requireApproved(request.origin)
      return { accounts: listed() }
    },
    signPayload,
    signRaw,
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
    accounts: listed(),
    requests,
    handle,
    stateFor: (origin: string): PolkadotPageState => {
      const approved = approvedOrigins.has(origin)
      return { seq, approved, accounts: approved ? listed() : [] }
    },
    setDecision(next: DecideFn) {
      decide = next
    },
    rejectNext(method?: string) {
      pendingRejections.push(method)
    },
    /** Revokes every site's access: pages following the accounts hear an empty list. */
    async disconnect() {
      if (approvedOrigins.size === 0) return
      approvedOrigins.clear()
      await changed()
    },
  }
}

export type PolkadotWalletCore = Awaited<ReturnType<typeof createPolkadotWalletCore>>
