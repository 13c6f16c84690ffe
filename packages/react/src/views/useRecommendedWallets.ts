import type { Wallet } from '@latch/protocol'
import { useEffect, useState } from 'react'
import { useLatchInstance } from '../context.ts'
import { recommendedWallets, recommendedWalletsNow } from './recommendedWallets.ts'

/**
 * The registry's first wallets for the site's chain families, and how many it lists in all; none
 * while loading or when the server cannot be asked (the views offer what they have without them).
 */
export function useRecommendedWallets(): { wallets: Wallet[]; total: number | undefined } {
  const latch = useLatchInstance()
  const [recommended, setRecommended] = useState<{ wallets: Wallet[]; total?: number }>(
    () => recommendedWalletsNow(latch) ?? { wallets: [] },
  )
  useEffect(() => {
    let current = true
    recommendedWallets(latch).then(
      (answer) => {
        if (current) setRecommended(answer)
      },
      () => {},
    )
    return () => {
      current = false
    }
  }, [latch])
  return { wallets: recommended.wallets, total: recommended.total }
}
