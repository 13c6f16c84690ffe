import {
  clientQuery,
  errorResponse,
  type OnrampProviderId,
  type ProjectFeature,
  projectConfigResponse,
  type SocialProvider,
} from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { resolveFeatures } from '../../registry/features.ts'

/** A social provider is offered only if this server can log in with it; farcaster has its own flow. */
function offeredSocials(
  features: ProjectFeature[],
  available: ReadonlySet<SocialProvider>,
): ProjectFeature[] {
  return features.map((feature) =>
    feature.id === 'social_login'
      ? {
          ...feature,
          config: feature.config.filter((id) => id === 'farcaster' || available.has(id)),
        }
      : feature,
  )
}

/**
 * On-ramp providers: those of the project this server offers, and `sandbox` whenever the server
 * runs it (a development server's own test-mode provider, which no project lists).
 */
function offeredOnramp(
  features: ProjectFeature[],
  offered: readonly OnrampProviderId[],
): ProjectFeature[] {
  return features.map((feature) => {
    if (feature.id !== 'onramp') return feature
    const config = feature.config.filter((id) => offered.includes(id))
    if (offered.includes('sandbox') && !config.includes('sandbox')) config.push('sandbox')
    return { ...feature, config }
  })
}

/**
 * GET /appkit/v1/config: the project's features, the defaults where unset; the
 * social list narrowed to `socialProviders`, those the server has credentials for, and the
 * on-ramp list to `onrampProviders`, those it offers.
 */
export const projectConfigRoute = (options: {
  socialProviders: readonly SocialProvider[]
  onrampProviders: readonly OnrampProviderId[]
}): FastifyPluginAsyncZod => {
  const available = new Set(options.socialProviders)
  return async (app) => {
    app.get(
      '/appkit/v1/config',
      {
        schema: {
          tags: ['registry'],
          summary: "The project's features: which are on, and their providers",
          querystring: clientQuery,
          response: {
            200: projectConfigResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
          },
        },
      },
      async (request) => {
        const { features, problems } = resolveFeatures(request.project?.features ?? {})
        if (problems.length > 0) {
          request.log.warn({ projectId: request.project?.id, problems }, 'ignored feature settings')
        }
        return {
          features: offeredOnramp(offeredSocials(features, available), options.onrampProviders),
        }
      },
    )
  }
}
