import {
  emailUpdateBody,
  emailUpdatePrimaryBody,
  emailUpdatePrimaryResponse,
  emailUpdateResponse,
  emailUpdateSecondaryBody,
  emailUpdateSecondaryResponse,
  WALLET_API_PREFIX,
} from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { authenticate } from '../authenticate.ts'
import type { EmbeddedContext } from '../context.ts'
import type { UpdateEmail } from '../updateEmail.ts'
import { bearerHeaders, walletErrors } from './walletResponses.ts'

/** A change of the session user's email: a code to the current address, then the new. */
export const updateEmailRoutes =
  (deps: { context: EmbeddedContext; updateEmail: UpdateEmail }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${WALLET_API_PREFIX}/email/update`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Mails a code to the current address and one to the new one',
          description:
            'The new address must not belong to another user (400). 30 s between starts (429).',
          headers: bearerHeaders,
          body: emailUpdateBody,
          response: { 200: emailUpdateResponse, ...walletErrors },
        },
      },
      async (request) => {
        const { user } = await authenticate(deps.context, request)
        return deps.updateEmail.start(user.id, request.body.email, request.log)
      },
    )

    app.post(
      `${WALLET_API_PREFIX}/email/update/primary`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Checks the code mailed to the current address',
          headers: bearerHeaders,
          body: emailUpdatePrimaryBody,
          response: { 200: emailUpdatePrimaryResponse, ...walletErrors },
        },
      },
      async (request) => {
        const { user } = await authenticate(deps.context, request)
        return deps.updateEmail.verifyPrimary(user.id, request.body.otp, request.ip)
      },
    )

    app.post(
      `${WALLET_API_PREFIX}/email/update/secondary`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Checks the code mailed to the new address; the email changes',
          headers: bearerHeaders,
          body: emailUpdateSecondaryBody,
          response: { 200: emailUpdateSecondaryResponse, ...walletErrors },
        },
      },
      async (request) => {
        const { user } = await authenticate(deps.context, request)
        return deps.updateEmail.verifySecondary(user.id, request.body.otp, request.ip)
      },
    )
  }
