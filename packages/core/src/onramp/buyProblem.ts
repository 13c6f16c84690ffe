import type { ActiveAccount } from '../account/activeAccount.ts'
import { serves } from '../chains/serves.ts'
import {
  ONRAMP_NAMESPACES,
  ONRAMP_NO_AMOUNT,
  ONRAMP_NO_PROVIDER,
  ONRAMP_NOT_CONNECTED,
  ONRAMP_NOT_SUPPORTED,
} from './errors.ts'
import type { OnrampState } from './types.ts'

/**
 * Why a purchase cannot start, in the order a visitor would fix it: no wallet, a network the
 * on-ramp does not serve, no provider, no amount, an amount off the provider's limits.
 */
export function buyProblem(
  state: Pick<OnrampState, 'selectedProvider' | 'paymentAmount' | 'amountIssue'>,
  account: Pick<ActiveAccount, 'caipNetworkId'> | undefined,
): string | undefined {
  if (!account) return ONRAMP_NOT_CONNECTED
  if (!serves(ONRAMP_NAMESPACES, account.caipNetworkId)) return ONRAMP_NOT_SUPPORTED
  if (!state.selectedProvider) return ONRAMP_NO_PROVIDER
  if (!state.paymentAmount?.trim()) return ONRAMP_NO_AMOUNT
  return state.amountIssue
}
