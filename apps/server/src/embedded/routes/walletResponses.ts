import { errorResponse, text } from '@latch/protocol'
import { z } from 'zod'

export const okResponse = z.object({ ok: z.literal(true) })

/** The error answers every wallet route may give. */
export const walletErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  429: errorResponse,
  503: errorResponse,
}

/** The Authorization header of the session routes, for the docs. */
export const bearerHeaders = z.object({
  authorization: text().max(512).describe('Bearer <sessionToken>').optional(),
})
