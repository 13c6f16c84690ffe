import {
  ONRAMP_FEE_RANGE_PERCENT,
  ONRAMP_PROVIDERS,
  type OnrampProviderId,
} from '@latch/protocol/constants'
import type { OnrampProvider } from './types.ts'

/** What the OnRampProviders view says of each known provider, in display order. */
export const ONRAMP_PROVIDER_INFO: Record<OnrampProviderId, OnrampProvider> = {
  coinbase: {
    id: 'coinbase',
    label: 'Coinbase',
    description: 'Pay with a card or a bank account through Coinbase',
    feeRange: ONRAMP_FEE_RANGE_PERCENT.coinbase,
    paymentMethods: ['card', 'ach'],
  },
  meld: {
    id: 'meld',
    label: 'Meld',
    description: 'Offers from several providers, compared by Meld',
    feeRange: ONRAMP_FEE_RANGE_PERCENT.meld,
    paymentMethods: ['card', 'ach'],
  },
  sandbox: {
    id: 'sandbox',
    label: 'Sandbox (test mode)',
    description: 'Test payments that settle on the devnet; no real money moves',
    feeRange: ONRAMP_FEE_RANGE_PERCENT.sandbox,
    paymentMethods: ['card', 'ach'],
  },
}

/**
 * The known providers named in `names`, in the known order; anything but an array of
 * strings gives none.
 * @example knownProviders(['meld', 'unknown', 'coinbase']) // Coinbase, Meld
 */
export function knownProviders(names: unknown): OnrampProvider[] {
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) return []
  const wanted = new Set<string>(names)
  return ONRAMP_PROVIDERS.filter((id) => wanted.has(id)).map((id) => ONRAMP_PROVIDER_INFO[id])
}
