import type { ChainNamespace } from '../siteTypes.ts'
import type { WalletOption } from './connection.ts'

/** A wallet as the modal lists it: once, with its id in each family that offers it. */
export type FamilyWalletOption = WalletOption & {
  /** Per family, the wallet's id in that family's adapter. */
  connectors: Partial<Record<ChainNamespace, string>>
}

const sameWallet = (name: string) => name.trim().toLowerCase()

/**
 * The wallets of every family as one list: a wallet that announces itself in several families
 * under one name (Phantom offers EVM and Solana) is one entry, so picking it can connect every
 * family the site configures. The first family's entry (its id, rdns, icon) stands for the wallet;
 * the WalletConnect entry is never merged, as any phone wallet may pair through it.
 */
export function mergeWallets(
  families: readonly (readonly [ChainNamespace, readonly WalletOption[]])[],
): FamilyWalletOption[] {
  const merged: FamilyWalletOption[] = []
  const byName = new Map<string, FamilyWalletOption>()
  for (const [namespace, options] of families) {
    for (const option of options) {
      const key = option.kind === 'walletConnect' ? undefined : sameWallet(option.name)
      const existing = key === undefined ? undefined : byName.get(key)
      if (existing && existing.connectors[namespace] === undefined) {
        existing.connectors[namespace] = option.id
        continue
      }
      const entry: FamilyWalletOption = { ...option, connectors: { [namespace]: option.id } }
      merged.push(entry)
      if (key !== undefined && !existing) byName.set(key, entry)
    }
  }
  return merged
}
