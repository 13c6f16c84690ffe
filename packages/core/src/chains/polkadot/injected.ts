/**
 * The injectedWeb3 interface browser extensions for Polkadot put on the page (polkadot{.js},
 * Talisman, SubWallet, Nova Wallet's browser), in the parts the kit uses.
 */

/** An account as an extension lists it; `address` may be in any SS58 prefix (mostly 42). */
export type InjectedAccount = {
  address: string
  name?: string
  type?: 'sr25519' | 'ed25519' | 'ecdsa' | 'ethereum'
  genesisHash?: string | null
}

/** The signing payload of an extrinsic (`SignerPayloadJSON`), as built by the server. */
export type SignerPayloadJson = { address: string } & Record<string, unknown>

/** What `enable(appName)` resolves to. */
export type InjectedExtension = {
  accounts: {
    get(anyType?: boolean): Promise<InjectedAccount[]>
    subscribe?(cb: (accounts: InjectedAccount[]) => void): (() => void) | undefined
  }
  signer: {
    signPayload?(payload: SignerPayloadJson): Promise<{ id: number; signature: string }>
    signRaw?(raw: {
      address: string
      data: string
      type: 'bytes'
    }): Promise<{ id: number; signature: string }>
  }
}

/** One entry of `window.injectedWeb3`. */
export type InjectedWindowProvider = {
  enable(appName: string): Promise<InjectedExtension>
  version?: string
}

/** A Polkadot extension found in the page, with the name and catalogue slug the kit shows it by. */
export type FoundExtension = {
  /** Its key in `window.injectedWeb3` (`nova` for Nova Wallet, which injects as `polkadot-js`). */
  id: string
  /** The key to enable it by. */
  source: string
  name: string
  /** The catalogue wallet it is, for its icon; none for an extension the kit does not know. */
  slug: string | undefined
  provider: InjectedWindowProvider
}

/** The extensions the kit knows by key, with the names the wallet catalogue lists them under. */
const KNOWN: Record<string, { name: string; slug: string }> = {
  'polkadot-js': { name: 'Polkadot.js', slug: 'polkadot-js' },
  talisman: { name: 'Talisman', slug: 'talisman' },
  'subwallet-js': { name: 'SubWallet', slug: 'subwallet' },
}

const isProvider = (value: unknown): value is InjectedWindowProvider =>
  typeof (value as Partial<InjectedWindowProvider> | null)?.enable === 'function'

/**
 * The extensions in `scope.injectedWeb3`, known ones first in the order above. Nova Wallet's
 * in-app browser injects as `polkadot-js` and says so by `walletExtension.isNovaWallet`: it is
 * listed as Nova Wallet then.
 */
export function findExtensions(scope: object | undefined): FoundExtension[] {
  const window = scope as
    | { injectedWeb3?: Record<string, unknown>; walletExtension?: { isNovaWallet?: unknown } }
    | undefined
  const injected = window?.injectedWeb3
  if (!injected || typeof injected !== 'object') return []
  const nova = window?.walletExtension?.isNovaWallet === true
  const keys = Object.keys(injected)
  const ordered = [
    ...Object.keys(KNOWN).filter((key) => keys.includes(key)),
    ...keys.filter((key) => !Object.hasOwn(KNOWN, key)),
  ]
  return ordered.flatMap((source): FoundExtension[] => {
    const provider = injected[source]
    if (!isProvider(provider)) return []
    if (nova && source === 'polkadot-js')
      return [{ id: 'nova', source, name: 'Nova Wallet', slug: 'nova-wallet', provider }]
    const known = KNOWN[source]
    return [{ id: source, source, name: known?.name ?? source, slug: known?.slug, provider }]
  })
}

/**
 * Extensions decline with a plain Error whose message says so: polkadot{.js} and Talisman
 * "Cancelled", SubWallet "Rejected by user", others "User rejected" or "denied".
 */
export function isDeclined(error: unknown): boolean {
  // Read by shape: an Error made in another realm (the extension's frame) is no `instanceof Error`.
  const text = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message
  const message = typeof text === 'string' ? text : ''
  return /cancel|reject|denied|declin/i.test(message)
}
