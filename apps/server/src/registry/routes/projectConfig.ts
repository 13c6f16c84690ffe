import {
  clientQuery,
  commonProjectConfigResponse,
  errorResponse,
  LATCH_SDK_TYPE,
  type OnrampProviderId,
  type ProjectFeature,
  projectConfigResponse,
  type SocialProvider,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonFeatures } from '../commonFeatures.ts'
import { resolveFeatures } from '../features.ts'

/** A social provider is offered only if this server can log in with it (farcaster too). */
function offeredSocials(
  features: ProjectFeature[],
  available: ReadonlySet<SocialProvider>,
): ProjectFeature[] {
  return features.map((feature) =>
    feature.id === 'social_login'
      ? {
          ...feature,
          config: feature.config.filter((id) => available.has(id)),
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
 * on-ramp list to `onrampProviders`, those it offers. Latch's kit (`st=latch`) reads that list as
 * it is; every other client gets it in the API's common vocabulary (commonFeatures).
 */
export const projectConfigRoute = (options: {
  socialProviders: readonly SocialProvider[]
  onrampProviders: readonly OnrampProviderId[]
}): FastifyPluginAsyncZod => {
  const available = new Set(options.socialProviders)
  return async (app) => {
    app.get(
      ROUTES.projectConfig.path,
      {
        schema: {
          tags: ['registry'],
          summary: "The project's features: which are on, and their providers",
          description:
            "With st=latch, Latch's own feature list (email, send, receive, latch_branding, the dev " +
            'login and sandbox on-ramp); with any other st, the common one: email as an entry of ' +
            'the social_login list, reown_branding, and only the provider names other clients know.',
          querystring: clientQuery,
          response: {
            200: z.union([projectConfigResponse, commonProjectConfigResponse]),
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
        const offered = offeredOnramp(offeredSocials(features, available), options.onrampProviders)
        if (request.query.st === LATCH_SDK_TYPE) return { features: offered }
        const projectOnramp = features.find((feature) => feature.id === 'onramp')
        return {
          features: commonFeatures(
            offered,
            projectOnramp?.id === 'onramp' ? projectOnramp.config : [],
          ),
        }
      },
    )
  }
}
