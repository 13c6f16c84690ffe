import { WALLETS_RECOMMENDED_COUNT } from '@latch/core'
import type { Wallet } from '@latch/protocol'
import { useEffect, useState } from 'react'
import { useLatchInstance } from '../LatchProvider.tsx'
import { siteNamespaces } from '../views/wallets.ts'

/**
 * The registry's first wallets for the site's chain families, and how many it lists in all; none
 * while loading or when the server cannot be asked (the views offer what they have without them).
 */
export function useRecommendedWallets(): { wallets: Wallet[]; total: number | undefined } {
  const latch = useLatchInstance()
  const [recommended, setRecommended] = useState<{ wallets: Wallet[]; total?: number }>({
    wallets: [],
  })
  useEffect(() => {
    let current = true
    latch.api
      .getWallets({
        page: 1,
        entries: WALLETS_RECOMMENDED_COUNT,
        namespaces: siteNamespaces(latch),
      })
      .then(
        (page) => {
          if (current) setRecommended({ wallets: page.data, total: page.count })
        },
        () => {},
      )
    return () => {
      current = false
    }
  }, [latch])
  return { wallets: recommended.wallets, total: recommended.total }
}
