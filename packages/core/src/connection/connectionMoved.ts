import type { ActiveAccount } from '../account/activeAccount.ts'

/**
 * Whether the active account moved between two states: connected or not, another account, or
 * another network (or family). What a flow prepared for one account on one network must then
 * start over.
 */
export function connectionMoved(
  current: ActiveAccount | undefined,
  previous: ActiveAccount | undefined,
): boolean {
  return current?.caipAddress !== previous?.caipAddress
}
