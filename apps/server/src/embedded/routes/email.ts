import {
  deviceApproveQuery,
  emailDeviceBody,
  emailDeviceResponse,
  emailStartBody,
  emailStartResponse,
  emailVerifyBody,
  WALLET_API_PREFIX,
  walletSessionResponse,
} from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HttpError } from '../../errors.ts'
import { simplePage } from '../../frame/pages.ts'
import type { EmailLogin } from '../emailLogin.ts'
import { hangUpSignal } from './longPollSignal.ts'
import { walletErrors } from './walletResponses.ts'

const APPROVAL_PAGES = {
  approved: ['Device approved', 'Device approved. You can close this tab and go back to the site.'],
  unknown: [
    'Link not valid',
    'This approval link is not valid. Start the login again on the site to get a new one.',
  ],
  expired: [
    'Link expired',
    'This approval link has expired. Start the login again on the site to get a new one.',
  ],
} as const

/**
 * Email login on the frame origin: start, the device approval (its long poll and the
 * mailed link's page) and the code check that opens a session.
 */
export const emailLoginRoutes =
  (deps: { emailLogin: EmailLogin }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${WALLET_API_PREFIX}/email/start`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Starts an email login: mails a code, or a device-approval link first',
          description:
            'VERIFY_OTP: a 6-digit code is on its way (valid 10 minutes). VERIFY_DEVICE: the ' +
            "email's user logs in from an unknown device, which must be approved from the mailed " +
            'link first. A second start within 30 s: 429 "Please try again after {n} seconds". ' +
            'No SMTP server: 503.',
          body: emailStartBody,
          response: { 200: emailStartResponse, ...walletErrors },
        },
      },
      async (request) => deps.emailLogin.start(request.body, request.ip, request.log),
    )

    app.post(
      `${WALLET_API_PREFIX}/email/device`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Long poll: whether the device was approved from the mailed link',
          description:
            '`approved: true` once the link was opened (the code is then mailed); `false` when ' +
            'the poll ran out: ask again.',
          body: emailDeviceBody,
          response: { 200: emailDeviceResponse, ...walletErrors },
        },
      },
      async (request, reply) => deps.emailLogin.awaitDevice(request.body, hangUpSignal(reply)),
    )

    app.get(
      `${WALLET_API_PREFIX}/device/approve`,
      {
        // A person opens this from a mail: a bad link gets a page, not a JSON error.
        attachValidation: true,
        schema: {
          tags: ['embedded wallet'],
          summary: 'The link of the device-approval mail: approves the device, an HTML page',
          querystring: deviceApproveQuery,
        },
      },
      async (request, reply) => {
        let status = 200
        let page: readonly [string, string]
        try {
          const outcome = request.validationError
            ? 'unknown'
            : await deps.emailLogin.approveDevice(request.query.token, request.log)
          page = APPROVAL_PAGES[outcome]
          if (outcome !== 'approved') status = 400
        } catch (error) {
          if (!(error instanceof HttpError)) throw error
          status = error.statusCode
          page = ['Device not approved', `${error.message}.`]
        }
        const { html, policy } = simplePage(...page)
        return reply
          .code(status)
          .header('content-security-policy', policy)
          .header('referrer-policy', 'no-referrer')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(html)
      },
    )

    app.post(
      `${WALLET_API_PREFIX}/email/verify`,
      {
        schema: {
          tags: ['embedded wallet'],
          summary: 'Checks the mailed code; a match opens a session',
          description:
            'A wrong code: 400 "Invalid code: {n} tries left"; the fifth burns the code: 400 "Too ' +
            'many wrong codes: request a new code". The session token is for the frame alone.',
          body: emailVerifyBody,
          response: { 200: walletSessionResponse, ...walletErrors },
        },
      },
      async (request) => deps.emailLogin.verify(request.body, request.ip),
    )
  }
