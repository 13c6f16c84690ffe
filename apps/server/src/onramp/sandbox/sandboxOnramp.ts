import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ChainConfig } from '../../chains/chainConfig.ts'
import { outsideRequest } from '../../chains/requestDeadline.ts'
import type { Database } from '../../db/index.ts'
import type { RedisConnection } from '../../redis/connection.ts'
import { OnrampCatalogue } from '../catalogue.ts'
import type { OnrampConfig } from '../config.ts'
import { type PayoutOptions, PayoutWorker } from '../payout.ts'
import { sandboxCheckoutRoutes } from './checkoutRoutes.ts'

/**
 * The sandbox on-ramp (never in production): its checkout pages, and the worker paying out what
 * they took. None when the configuration has no sandbox; the worker is the caller's to start.
 */
export function sandboxOnramp(deps: {
  onramp: Pick<OnrampConfig, 'sandbox' | 'failpoint'>
  db: Database
  chainConfigs: readonly ChainConfig[]
  redis: RedisConnection | undefined
  payouts: Omit<PayoutOptions, 'treasuryKey' | 'failpoint'>
}): { payouts: PayoutWorker; checkoutRoutes: FastifyPluginAsyncZod } | undefined {
  const { sandbox, failpoint } = deps.onramp
  if (!sandbox) return undefined
  const payouts = new PayoutWorker({
    ...deps.payouts,
    treasuryKey: sandbox.treasuryKey,
    failpoint,
  })
  const checkoutRoutes = sandboxCheckoutRoutes({
    db: deps.db,
    catalogue: new OnrampCatalogue(deps.chainConfigs),
    payAttemptsPerMinute: sandbox.payAttemptsPerMinute,
    redis: deps.redis,
    failpoint,
    // The payout outlives the checkout request that pays: it keeps each call's own timeout.
    paid: () => outsideRequest(() => payouts.kick()),
  })
  return { payouts, checkoutRoutes }
}
