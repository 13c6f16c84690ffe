import type { CaipNetworkId } from '@latch/protocol'
import { LatchError, UserRejectedError } from '../errors.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import type { ReadableStore } from '../store.ts'
import type { ChainConnection } from './connection.ts'
import type { FamilyWalletOption } from './mergeWallets.ts'
import type { ChainAdapter } from './types.ts'

export type FamilyWalletsDeps = {
  /** The adapters of the families loaded so far. */
  adapters: Readonly<Partial<Record<ChainNamespace, ChainAdapter>>>
  /** The wallets of every family, merged (one entry per wallet). */
  wallets: ReadableStore<readonly FamilyWalletOption[]>
  activeNamespace(): ChainNamespace
  connections(): Partial<Record<ChainNamespace, ChainConnection>>
  /** The network to connect a family on (the active one when it is of that family). */
  networkFor(namespace: ChainNamespace): CaipNetworkId | undefined
}

/**
 * Connects every family of the site that the wallet `walletId` offers, the active family first:
 * a Phantom-like wallet connects its EVM and Solana accounts at once. A decline stops there; the
 * wallet counts as connected when one family connected. `onTry` hears each family asked.
 */
export async function connectFamilies(
  deps: FamilyWalletsDeps,
  walletId: string,
  onTry: (family: ChainAdapter) => void = () => {},
): Promise<void> {
  const entry = deps.wallets.get().find((option) => option.id === walletId)
  const active = deps.activeNamespace()
  const offered = (entry ? Object.entries(entry.connectors) : [['eip155', walletId]]) as [
    ChainNamespace,
    string,
  ][]
  offered.sort(([a], [b]) => Number(b === active) - Number(a === active))
  let failure: unknown
  let connected = false
  for (const [namespace, connectorId] of offered) {
    const family = deps.adapters[namespace]
    if (!family) continue
    onTry(family)
    const caipNetworkId = deps.networkFor(namespace)
    try {
      await family.connect(connectorId, caipNetworkId ? { caipNetworkId } : {})
      connected = true
    } catch (error) {
      failure ??= error
      if (error instanceof UserRejectedError) break
    }
  }
  if (!connected) throw failure ?? new LatchError(`Wallet ${walletId} is not available`)
}

/**
 * Connects `namespace` through the wallet already connected in another family, when that wallet
 * offers it too; false when no connected wallet does.
 */
export async function connectWithSameWallet(
  deps: FamilyWalletsDeps,
  namespace: ChainNamespace,
  caipNetworkId: CaipNetworkId,
): Promise<boolean> {
  const family = deps.adapters[namespace]
  if (!family) return false
  for (const [other, state] of Object.entries(deps.connections())) {
    if (state?.status !== 'connected') continue
    const entry = deps.wallets
      .get()
      .find((option) => option.connectors[other as ChainNamespace] === state.wallet.id)
    const connectorId = entry?.connectors[namespace]
    if (!connectorId) continue
    await family.connect(connectorId, { caipNetworkId })
    return true
  }
  return false
}
