import { LatchError } from '../../errors.ts'
import {
  type BitcoinAccount,
  type BitcoinWallet,
  fromBase64,
  isPurpose,
  toBase64,
} from './bitcoinWallet.ts'
import { rethrowRejection } from './rejection.ts'

// Wallets speaking sats-connect (Xverse and others): a provider object on `window` whose
// `request(method, params)` answers a JSON-RPC 2.0 response, listed in `window.btc_providers`.

/** A provider as sats-connect finds it: `request`, and `addListener` for its events. */
export type SatsConnectProvider = {
  request(method: string, params: unknown): Promise<unknown>
  addListener?(listener: { eventName: string; cb: (event: unknown) => void }): () => void
}

/** A listed provider: its id is its path on `window` (`XverseProviders.BitcoinProvider`). */
export type SatsConnectProviderInfo = { id: string; name: string; icon: string | undefined }

/** Where sats-connect looks when nothing is listed: Xverse's own provider. */
export const XVERSE_PROVIDER_ID = 'XverseProviders.BitcoinProvider'

/** The adapter's id of a sats-connect wallet. */
export const satsConnectWalletId = (providerId: string) => `sats-connect:${providerId}`

/** The object at a dotted path of `scope` (sats-connect's provider ids). */
export function providerAt(scope: object, id: string): SatsConnectProvider | undefined {
  let value: unknown = scope
  for (const part of id.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[part]
  }
  const provider = value as Partial<SatsConnectProvider> | undefined
  return typeof provider?.request === 'function' ? (provider as SatsConnectProvider) : undefined
}

/**
 * The sats-connect wallets of `scope` (the page's `window`): those `btc_providers` lists whose
 * provider is there, and Xverse's provider when it is there unlisted.
 */
export function satsConnectProviders(scope: object): SatsConnectProviderInfo[] {
  const listed = (scope as { btc_providers?: unknown }).btc_providers
  const found: SatsConnectProviderInfo[] = []
  for (const entry of Array.isArray(listed) ? listed : []) {
    const { id, name, icon } = (entry ?? {}) as Record<string, unknown>
    if (typeof id !== 'string' || typeof name !== 'string') continue
    if (found.some((known) => known.id === id) || !providerAt(scope, id)) continue
    found.push({ id, name, icon: typeof icon === 'string' ? icon : undefined })
  }
  if (
    !found.some((known) => known.id === XVERSE_PROVIDER_ID) &&
    providerAt(scope, XVERSE_PROVIDER_ID)
  )
    found.push({ id: XVERSE_PROVIDER_ID, name: 'Xverse', icon: undefined })
  return found
}

/** A JSON-RPC error answer, as an error with its code (sats-connect's, e.g. -32000 declined). */
class SatsConnectError extends LatchError {
  override name = 'SatsConnectError'
  readonly code: number | undefined
  constructor(method: string, error: { code?: unknown; message?: unknown }) {
    super(typeof error.message === 'string' && error.message ? error.message : `${method} failed`)
    this.code = typeof error.code === 'number' ? error.code : undefined
  }
}

type Reported = { address?: unknown; publicKey?: unknown; purpose?: unknown }

/** The payment and ordinals addresses a wallet reported (it may add others: Stacks, ...). */
const accountsOf = (addresses: unknown): BitcoinAccount[] =>
  (Array.isArray(addresses) ? (addresses as Reported[]) : []).flatMap(
    ({ address, publicKey, purpose }) =>
      typeof address === 'string' && isPurpose(purpose)
        ? [{ address, publicKey: typeof publicKey === 'string' ? publicKey : '', purpose }]
        : [],
  )

/** A sats-connect wallet as the adapter uses it. */
export function fromSatsConnect(
  info: SatsConnectProviderInfo,
  provider: SatsConnectProvider,
): BitcoinWallet {
  const request = async (method: string, params: unknown): Promise<unknown> => {
    const answer = (await provider.request(method, params)) as
      | { result?: unknown; error?: { code?: unknown; message?: unknown } }
      | undefined
    if (answer && 'error' in answer && answer.error)
      rethrowRejection(new SatsConnectError(method, answer.error))
    if (!answer || !('result' in answer))
      throw new LatchError(`${info.name} answered ${method} with nothing`)
    return answer.result
  }

  return {
    id: satsConnectWalletId(info.id),
    name: info.name,
    icon: info.icon,
    async connect({ silent }) {
      if (silent) {
        // The account the site holds, asked without a prompt; a wallet that refuses has none for it.
        const held = await request('wallet_getAccount', null).catch(() => undefined)
        return accountsOf((held as { addresses?: unknown } | undefined)?.addresses)
      }
      return accountsOf(await request('getAccounts', { purposes: ['payment', 'ordinals'] }))
    },
    async disconnect() {
      await request('wallet_disconnect', null).catch(() => undefined)
    },
    async signMessage(account, message) {
      const signed = (await request('signMessage', { address: account.address, message })) as {
        signature?: unknown
      }
      if (typeof signed?.signature !== 'string') throw new LatchError('The wallet signed nothing')
      return signed.signature
    },
    async signPsbt(psbt, inputs) {
      const signInputs: Record<string, number[]> = {}
      for (const { account, indexes } of inputs)
        signInputs[account.address] = [...(signInputs[account.address] ?? []), ...indexes]
      const signed = (await request('signPsbt', {
        psbt: toBase64(psbt),
        signInputs,
        broadcast: false,
      })) as { psbt?: unknown }
      if (typeof signed?.psbt !== 'string') throw new LatchError('The wallet signed nothing')
      return fromBase64(signed.psbt)
    },
    onChange(listener) {
      if (typeof provider.addListener !== 'function') return () => undefined
      const offAccounts = provider.addListener({
        eventName: 'accountChange',
        cb: (event) => {
          const { addresses } = (event ?? {}) as { addresses?: unknown }
          listener(addresses === undefined ? undefined : accountsOf(addresses))
        },
      })
      const offDisconnect = provider.addListener({
        eventName: 'disconnect',
        cb: () => listener([]),
      })
      return () => {
        offAccounts()
        offDisconnect()
      }
    },
  }
}
