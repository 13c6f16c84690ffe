import type { ChainNamespace } from '../siteTypes.ts'
import { type LatchStorage, STORAGE_KEYS } from '../storage/index.ts'
import type { AccountType } from './account.ts'

/** The visitor's account type per namespace, as the kit keeps it between visits. */
export type PreferredAccountTypes = Partial<Record<ChainNamespace, AccountType>>

const isPreferredAccountTypes = (value: unknown): value is PreferredAccountTypes =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((type) => type === 'eoa' || type === 'smartAccount')

/** The stored account types (under the spec's key, one entry per namespace); none when unreadable. */
export function readPreferredAccountTypes(storage: LatchStorage): PreferredAccountTypes {
  return storage.getJson(STORAGE_KEYS.preferredAccountTypes, isPreferredAccountTypes) ?? {}
}

/** Keeps `type` as the namespace's account type, beside the other namespaces' entries. */
export function writePreferredAccountType(
  storage: LatchStorage,
  namespace: ChainNamespace,
  type: AccountType,
): void {
  storage.setJson(STORAGE_KEYS.preferredAccountTypes, {
    ...readPreferredAccountTypes(storage),
    [namespace]: type,
  })
}
