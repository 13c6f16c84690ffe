import { type Latch, WALLETS_RECOMMENDED_COUNT } from '@latch/core'
import type { Wallet } from '@latch/protocol'
import { siteNamespaces } from './wallets.ts'

export type RecommendedWallets = { wallets: Wallet[]; total: number }

type Asked = { promise: Promise<RecommendedWallets>; value?: RecommendedWallets }

// Per instance, like the views' code: Connect, its help and back again ask the server once.
const asked = new WeakMap<Latch, Asked>()

/** The answer once it came, so a view mounted again shows it in its first render. */
export function recommendedWalletsNow(latch: Latch): RecommendedWallets | undefined {
  return asked.get(latch)?.value
}

/**
 * The registry's first wallets for the site's chain families, and how many it lists in all: asked
 * once per instance; a failure is forgotten, so the next view that needs them asks again.
 */
export function recommendedWallets(latch: Latch): Promise<RecommendedWallets> {
  const known = asked.get(latch)
  if (known) return known.promise
  const entry: Asked = {
    promise: latch.api
      .getWallets({
        page: 1,
        entries: WALLETS_RECOMMENDED_COUNT,
        namespaces: siteNamespaces(latch),
      })
      .then(
        (page) => {
          entry.value = { wallets: page.data, total: page.count }
          return entry.value
        },
        (error: unknown) => {
          asked.delete(latch)
          throw error
        },
      ),
  }
  asked.set(latch, entry)
  return entry.promise
}
