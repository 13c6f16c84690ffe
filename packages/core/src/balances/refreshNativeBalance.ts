import type { ActiveAccount } from '../account/activeAccount.ts'
import type { AccountController } from '../account/index.ts'
import type { NativeBalance } from '../chains/types.ts'
import { BALANCE_DECIMALS } from '../constants.ts'
import { truncateBalance } from '../format/truncateBalance.ts'

/** How a native balance is read: `force` reads the chain again, past any cache. */
export type NativeBalanceRead = { force?: boolean }

/**
 * Reads the account's native balance from its chain into its family's account state (truncated
 * for the button); a failed read clears it rather than showing a stale figure.
 */
export function createNativeBalanceRefresh(deps: {
  account: Pick<AccountController, 'update'>
  /** Asks the account's family for its native balance. */
  getBalance(target: ActiveAccount, read: NativeBalanceRead): Promise<NativeBalance>
}) {
  return async (target: ActiveAccount, read: NativeBalanceRead = {}): Promise<void> => {
    try {
      const balance = await deps.getBalance(target, read)
      deps.account.update(target.namespace, {
        balance: truncateBalance(balance.value, balance.decimals, BALANCE_DECIMALS),
        balanceSymbol: balance.symbol,
      })
    } catch {
      deps.account.update(target.namespace, { balance: undefined, balanceSymbol: undefined })
    }
  }
}
