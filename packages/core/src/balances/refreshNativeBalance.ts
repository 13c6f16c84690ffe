import type { CaipNetworkId } from '@latch/protocol'
import type { AccountController } from '../account/index.ts'
import { BALANCE_DECIMALS } from '../constants.ts'
import { truncateBalance } from '../format/truncateBalance.ts'
import type { ChainNamespace } from '../options/types.ts'

export type NativeBalance = { value: bigint; decimals: number; symbol: string }

/**
 * Reads the account's native balance from its chain into the account state (truncated for the
 * button); a failed read clears it rather than showing a stale figure.
 */
export function createNativeBalanceRefresh(deps: {
  account: Pick<AccountController, 'update'>
  namespace: ChainNamespace
  getBalance(address: string, caipNetworkId: CaipNetworkId): Promise<NativeBalance>
}) {
  return async (address: string, caipNetworkId: CaipNetworkId): Promise<void> => {
    try {
      const balance = await deps.getBalance(address, caipNetworkId)
      deps.account.update(deps.namespace, {
        balance: truncateBalance(balance.value, balance.decimals, BALANCE_DECIMALS),
        balanceSymbol: balance.symbol,
      })
    } catch {
      deps.account.update(deps.namespace, { balance: undefined, balanceSymbol: undefined })
    }
  }
}
