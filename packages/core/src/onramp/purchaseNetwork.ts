import type { OnrampNetwork, OnrampPurchaseCurrency } from '@latch/protocol'

/** Where `currency` is bought to: its network on the active chain, else its first network. */
export function purchaseNetwork(
  currency: OnrampPurchaseCurrency,
  chainId: number | undefined,
): OnrampNetwork | undefined {
  const onChain =
    chainId === undefined
      ? undefined
      : currency.networks.find((network) => network.chain_id === String(chainId))
  return onChain ?? currency.networks[0]
}

/** The currency to buy by default: the first available on the active chain, else the first. */
export function preferredPurchaseCurrency(
  currencies: readonly OnrampPurchaseCurrency[],
  chainId: number | undefined,
): OnrampPurchaseCurrency | undefined {
  const onChain =
    chainId === undefined
      ? undefined
      : currencies.find((currency) =>
          currency.networks.some((network) => network.chain_id === String(chainId)),
        )
  return onChain ?? currencies[0]
}
