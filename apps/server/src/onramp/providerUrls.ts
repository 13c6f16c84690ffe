import type { onrampUrlRequest } from '@latch/protocol'
import type { z } from 'zod'
import type { OnrampConfig } from './config.ts'

type UrlRequest = z.infer<typeof onrampUrlRequest>

/** A Solana address: base58, not 0x-hex. */
const isSolanaAddress = (address: string) => !address.startsWith('0x')

/**
 * Coinbase Onramp's buy URL: the app id, and the request's destination wallets (as JSON), default
 * network, partner user id, experience and preset amounts, each only when given.
 */
export function coinbaseOnrampUrl(
  config: NonNullable<OnrampConfig['coinbase']>,
  request: UrlRequest,
): string {
  const url = new URL(config.url)
  url.searchParams.set('appId', config.appId)
  url.searchParams.set('destinationWallets', JSON.stringify(request.destinationWallets))
  if (request.defaultNetwork) url.searchParams.set('defaultNetwork', request.defaultNetwork)
  if (request.partnerUserId) url.searchParams.set('partnerUserId', request.partnerUserId)
  url.searchParams.set('defaultExperience', request.defaultExperience)
  if (request.presetCryptoAmount !== undefined)
    url.searchParams.set('presetCryptoAmount', String(request.presetCryptoAmount))
  if (request.presetFiatAmount !== undefined)
    url.searchParams.set('presetFiatAmount', String(request.presetFiatAmount))
  return url.toString()
}

/**
 * Meld's widget URL: the public key, SOL on Solana (the default network or the wallet's
 * address says so) else USDC, the first wallet's address, the project id as the customer id, and
 * the fiat amount when given.
 */
export function meldOnrampUrl(
  config: NonNullable<OnrampConfig['meld']>,
  request: UrlRequest,
  projectId: string,
): string {
  const [wallet] = request.destinationWallets
  const address = wallet?.address ?? ''
  const solana = request.defaultNetwork === 'solana' || isSolanaAddress(address)
  const url = new URL(config.url)
  url.searchParams.set('publicKey', config.publicKey)
  url.searchParams.set('destinationCurrencyCode', solana ? 'SOL' : 'USDC')
  url.searchParams.set('walletAddress', address)
  url.searchParams.set('externalCustomerId', projectId)
  if (request.presetFiatAmount !== undefined)
    url.searchParams.set('sourceAmount', String(request.presetFiatAmount))
  return url.toString()
}
