import type { BitcoinFeeRatesResponse } from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import { getWallets } from '@wallet-standard/app'
import type { ApiClient } from '../../api/client.ts'
import { LatchError } from '../../errors.ts'
import type { ResolvedOptions } from '../../options/types.ts'
import type { LatchStorage } from '../../storage/index.ts'
import type { ChainAdapter } from '../types.ts'
import { createBitcoinAdapter } from './createBitcoinAdapter.ts'
import { createEsploraGateway, type EsploraGateway } from './esplora.ts'

/** What the Bitcoin family takes of what the kit gives each family it loads. */
export type BitcoinFamilyDeps = {
  options: ResolvedOptions
  storage: LatchStorage
  api: ApiClient
  /** The Latch server, for its Bitcoin gateway. */
  serverUrl: string
  fetch?: typeof fetch
}

/**
 * The Bitcoin family as the kit loads it (by dynamic import, only when the site configures a
 * Bitcoin network): Bitcoin Wallet Standard and sats-connect wallets, balances from the server's
 * balance route, fee rates from its gas-price route, and its Bitcoin gateway for coins and
 * broadcasts. PSBTs and signature checks load with the first transfer.
 */
export function createFamilyAdapter(deps: BitcoinFamilyDeps): ChainAdapter {
  const gateways = new Map<string, EsploraGateway>()
  return createBitcoinAdapter({
    networks: deps.options.networks.filter((network) => network.chainNamespace === 'bip122'),
    wallets: getWallets(),
    scope: typeof window === 'undefined' ? undefined : window,
    storage: deps.storage,
    // The server's 30 s copy, read again (forceUpdate) only after a transaction of the account.
    balance: (address, caipNetworkId, { force }) =>
      deps.api.balance(address, caipNetworkId, { forceUpdate: force }),
    gateway: (caipNetworkId) => {
      const known = gateways.get(caipNetworkId)
      if (known) return known
      const gateway = createEsploraGateway({
        serverUrl: deps.serverUrl,
        projectId: deps.options.projectId,
        caipNetworkId,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      })
      gateways.set(caipNetworkId, gateway)
      return gateway
    },
    feeRates: async (caipNetworkId) => {
      const rates = await deps.api.get<BitcoinFeeRatesResponse | Record<string, unknown>>(
        ROUTES.gasPrice.path,
        { chainId: caipNetworkId },
      )
      if (rates.unit !== 'sat/vB') throw new LatchError('Network fee unavailable')
      const { slow, normal, fast } = rates as BitcoinFeeRatesResponse
      return { slow, normal, fast }
    },
  })
}
