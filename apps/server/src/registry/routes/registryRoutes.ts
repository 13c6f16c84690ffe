import type { OnrampProviderId, SocialProvider } from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ChainConfig } from '../../chains/chainConfig.ts'
import type { WalletStore } from '../wallets.ts'
import { assetImageRoute } from './assetImage.ts'
import { currencyImageRoute } from './currencyImage.ts'
import { getWalletsRoute } from './getWallets.ts'
import { originsRoute } from './origins.ts'
import { projectConfigRoute } from './projectConfig.ts'
import { type TelemetryDeps, telemetryRoutes } from './telemetry.ts'
import { tokenImageRoute } from './tokenImage.ts'
import { walletImageRoute } from './walletImage.ts'

/**
 * The wallet registry's routes, in the order the kit's client meets them: the project's origins
 * and features, its events, the wallet catalogue, and the images of wallets, networks,
 * currencies and tokens.
 */
export const registryRoutes =
  (
    deps: TelemetryDeps & {
      wallets: WalletStore
      chains: ChainConfig[]
      /** The logins and on-ramp providers this server offers, whatever a project lists. */
      socialProviders: readonly SocialProvider[]
      onrampProviders: readonly OnrampProviderId[]
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, redis, eventsPerSecond, wallets } = deps
    await app.register(originsRoute)
    await app.register(
      projectConfigRoute({
        socialProviders: deps.socialProviders,
        onrampProviders: deps.onrampProviders,
      }),
    )
    await app.register(telemetryRoutes({ db, redis, eventsPerSecond }))
    await app.register(getWalletsRoute({ wallets }))
    await app.register(walletImageRoute({ wallets }))
    await app.register(assetImageRoute({ chains: deps.chains }))
    await app.register(currencyImageRoute)
    await app.register(tokenImageRoute)
  }
