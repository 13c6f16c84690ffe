import type { ActiveAccount } from '../account/activeAccount.ts'
import type { BalancesController } from '../balances/createBalances.ts'
import type { IdentityController } from '../names/createIdentity.ts'
import type { ReadableStore } from '../store.ts'

export type RefreshOnAccountMovedDeps = {
  /** The active account in CAIP form, of whichever family is active. */
  account: ReadableStore<ActiveAccount | undefined>
  refreshNativeBalance(target: ActiveAccount): Promise<void>
  identity: Pick<IdentityController, 'load'>
  balances: Pick<BalancesController, 'refresh'>
}

/**
 * A newly connected account, another account or network of the wallet, or another family made
 * active: what the modal shows of it (native balance, name, Tokens) belongs to the previous one
 * and is read again.
 */
export function refreshOnAccountMoved(deps: RefreshOnAccountMovedDeps): () => void {
  return deps.account.subscribe((current, previous) => {
    if (!current || current.caipAddress === previous?.caipAddress) return
    const { address, caipNetworkId } = current
    // Read as the Tokens tab reads it (a cache may answer): only a confirmed transaction forces.
    void deps.refreshNativeBalance(current)
    void deps.identity.load({ address, caipNetworkId })
    void deps.balances.refresh({ address, chainId: caipNetworkId })
  })
}
