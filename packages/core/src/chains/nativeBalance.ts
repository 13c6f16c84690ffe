import type { BalanceResponse, CaipAddress, CaipNetworkId } from '@latch/protocol'
import { parseUnits } from './solana/units.ts'
import type { NativeBalance } from './types.ts'

/** The server's balance route: an address's coins on a network (its cached copy unless `force`). */
export type BalanceRoute = (
  address: string,
  caipNetworkId: CaipNetworkId,
  options: { force: boolean },
) => Promise<BalanceResponse>

/**
 * The native coin of a CAIP-10 account, read through the server's balance route. The route lists
 * the coin (the entry without a token address) only when the account holds some: none is 0, in
 * the network's own decimals and symbol.
 * @example await nativeBalance(route, 'solana:5eyk…:7Np4…', { decimals: 9, symbol: 'SOL' }, false)
 */
export async function nativeBalance(
  balance: BalanceRoute,
  caipAddress: CaipAddress,
  coin: { decimals: number; symbol: string },
  force: boolean,
): Promise<NativeBalance> {
  // `<namespace>:<reference>:<address>`; the address itself holds no colon in these families.
  const cut = caipAddress.lastIndexOf(':')
  const caipNetworkId = caipAddress.slice(0, cut) as CaipNetworkId
  const { balances } = await balance(caipAddress.slice(cut + 1), caipNetworkId, { force })
  const native = balances.find((entry) => entry.address === undefined)
  const decimals = native ? Number(native.quantity.decimals) : coin.decimals
  return {
    value: native ? parseUnits(native.quantity.numeric, decimals) : 0n,
    decimals,
    symbol: native?.symbol ?? coin.symbol,
  }
}
