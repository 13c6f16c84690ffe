import { keepAliveTransferable, type PolkadotBalanceParts } from '@latch/protocol'
import { formatUnits } from 'viem'
import { NATIVE_PRICE_KEY, type UsdPrices } from '../../prices/priceSource.ts'
import type { PricedBalance } from '../types.ts'
import type { PolkadotChainClient, PolkadotChainInfo } from './clients.ts'

/** An account's native balance in planck, as System.Account holds it. */
export type PolkadotHoldings = {
  free: bigint
  reserved: bigint
  /** What locks and freezes keep from moving (staking, vesting, governance). */
  frozen: bigint
  nonce: number
}

/** One storage read: System.Account of the address. */
export async function readPolkadotHoldings(
  chain: PolkadotChainClient,
  address: string,
): Promise<PolkadotHoldings> {
  const api = await chain.api()
  const account = await api.query.system.account(address)
  const data = account.data.toJSON() as Record<string, string | number>
  const big = (value: string | number | undefined) => BigInt(value ?? 0)
  // Runtimes before the fungible-traits rework have miscFrozen and feeFrozen; later ones frozen.
  const frozen =
    'frozen' in data
      ? big(data.frozen)
      : big(data.miscFrozen) > big(data.feeFrozen)
        ? big(data.miscFrozen)
        : big(data.feeFrozen)
  return {
    free: big(data.free),
    reserved: big(data.reserved),
    frozen,
    nonce: account.nonce.toNumber(),
  }
}

/**
 * What a keep-alive transfer (fee included) may take from the account: free less what must stay,
 * the frozen part or the existential deposit, whichever is larger.
 */
export function transferablePlanck(holdings: PolkadotHoldings, existentialDeposit: bigint): bigint {
  return keepAliveTransferable({ free: holdings.free, frozen: holdings.frozen, existentialDeposit })
}

/** The parts of a balance in whole units, as the balance route answers them. */
export function polkadotBalanceParts(
  holdings: PolkadotHoldings,
  info: PolkadotChainInfo,
): PolkadotBalanceParts {
  const units = (planck: bigint) => formatUnits(planck, info.decimals)
  return {
    free: units(holdings.free),
    reserved: units(holdings.reserved),
    frozen: units(holdings.frozen),
    transferable: units(transferablePlanck(holdings, info.existentialDeposit)),
    existentialDeposit: units(info.existentialDeposit),
  }
}

/** The holdings as one balance entry (even at zero): the total, priced, with its parts. */
export function polkadotBalances(
  chain: PolkadotChainClient,
  info: PolkadotChainInfo,
  holdings: PolkadotHoldings,
  prices: UsdPrices,
): PricedBalance[] {
  const numeric = formatUnits(holdings.free + holdings.reserved, info.decimals)
  const price = prices[NATIVE_PRICE_KEY] ?? 0
  return [
    {
      name: info.symbol,
      symbol: info.symbol,
      chainId: chain.caipNetworkId,
      ...(price > 0 ? { value: price * Number(numeric) } : {}),
      price,
      quantity: { decimals: String(info.decimals), numeric },
      polkadot: polkadotBalanceParts(holdings, info),
    },
  ]
}
