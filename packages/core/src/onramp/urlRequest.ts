import type { OnrampUrlRequest } from '@latch/protocol'
import type { Locale } from '@latch/protocol/i18n'
import { purchaseNetwork } from './purchaseNetwork.ts'
import type { OnrampState } from './types.ts'

/**
 * The body of POST /v1/generators/onrampurl for the current input: the one place the kit
 * says what the provider's URL carries. The server adds each provider's own parameters (Meld's
 * publicKey, destinationCurrencyCode, walletAddress and the project id as externalCustomerId)
 * and the sandbox charges exactly the quote while it is valid; its checkout speaks `locale`.
 */
export function onrampUrlRequest(
  state: OnrampState,
  account: { address: string; chainId: number | undefined },
  now: number,
  locale?: Locale,
): OnrampUrlRequest | undefined {
  const provider = state.selectedProvider
  const amount = state.paymentAmount?.trim()
  const network = purchaseNetwork(state.purchaseCurrency, account.chainId)
  if (!provider || !amount || !network) return undefined
  const quote = state.quote
  const quoteId =
    quote && !quote.mocked && Date.parse(quote.expiresAt) > now ? quote.quoteId : undefined
  return {
    destinationWallets: [
      {
        address: account.address,
        blockchains: [network.name],
        assets: [state.purchaseCurrency.id],
      },
    ],
    defaultNetwork: network.name,
    partnerUserId: account.address,
    defaultExperience: 'buy',
    presetFiatAmount: Number(amount),
    provider: provider.id,
    paymentCurrency: state.paymentCurrency.id,
    ...(quoteId ? { quoteId } : {}),
    ...(locale ? { locale } : {}),
  }
}
