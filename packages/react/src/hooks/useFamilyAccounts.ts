import type { FamilyAccount, Latch } from '@latch/core'
import { useSyncExternalStore } from 'react'
import { useStore } from './useStore.ts'

const NONE: FamilyAccount[] = []
const noSubscription = () => () => undefined

/**
 * The connected wallet's addresses in the active family when it shares several (Bitcoin's payment
 * and ordinals), with the active one and how to make another active; none for other families.
 */
export function useFamilyAccounts(latch: Latch): {
  accounts: FamilyAccount[]
  active: string | undefined
  select(address: string): void
} {
  const { activeNamespace, byNamespace } = useStore(latch.account.state)
  const family = latch.adapters[activeNamespace]
  const store = family?.accounts
  const accounts = useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    store?.get ?? (() => NONE),
    store?.get ?? (() => NONE),
  )
  return {
    accounts,
    active: byNamespace[activeNamespace]?.address,
    select: (address) => family?.selectAccount?.(address),
  }
}
