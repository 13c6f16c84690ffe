import type { CaipNetworkId } from '@latch/protocol'
import type { BalancesController } from '../balances/createBalances.ts'
import { accountMoved, type ChainConnection } from '../chains/connection.ts'
import type { IdentityController } from '../names/createIdentity.ts'
import type { ReadableStore } from '../store.ts'

export type RefreshOnAccountMovedDeps = {
  wallet: ReadableStore<ChainConnection>
  refreshNativeBalance(address: string, caipNetworkId: CaipNetworkId): Promise<void>
  identity: Pick<IdentityController, 'load'>
  balances: Pick<BalancesController, 'refresh'>
}

/**
 * A newly connected account, or the same wallet on another account or network: what the modal
 * shows of it (native balance, name, Tokens) belongs to the previous one and is read again.
 */
export function refreshOnAccountMoved(deps: RefreshOnAccountMovedDeps): () => void {
  return deps.wallet.subscribe((current, previous) => {
    if (current.status !== 'connected' || !accountMoved(current, previous)) return
    const { address, caipNetworkId } = current
    void deps.refreshNativeBalance(address, caipNetworkId)
    void deps.identity.load({ address, caipNetworkId })
    void deps.balances.refresh({ address, chainId: caipNetworkId })
  })
}
