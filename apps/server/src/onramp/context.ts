import type { OnrampProviderId } from '@latch/protocol'
import type { ChainClient } from '../chains/clients.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import type { Prices } from '../prices/prices.ts'
import type { OnrampCatalogue } from './catalogue.ts'
import type { OnrampConfig } from './config.ts'

/** What the on-ramp's actions need: config, the database, the chains, prices and a clock. */
export type OnrampContext = {
  db: Database
  config: OnrampConfig
  catalogue: OnrampCatalogue
  chains: ReadonlyMap<number, ChainClient>
  prices: Prices
  /** The server's clock; tests pass their own. */
  now: () => Date
}

/** A 400 unless the server offers the provider. */
export function requireProvider(config: OnrampConfig, provider: OnrampProviderId): void {
  if (!config.providers.includes(provider))
    throw new HttpError(400, `On-ramp provider ${provider} is not available`)
}
