import { z } from 'zod'
import { projectIdValue } from './api.ts'
import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_ERROR_CONTEXT_TOP,
  DASHBOARD_MAX_DAYS,
  FUNNEL_STEPS,
} from './dashboardPaths.ts'
import { text } from './text.ts'

export * from './dashboardPaths.ts'

// The site owner's dashboard: its login and the JSON its page draws. The page imports only the
// types; the server validates with the schemas.

/** POST /dashboard/api/login: the admin token (LATCH_ADMIN_TOKEN) of the server. */
export const dashboardLoginBody = z.object({
  token: text({ typeError: 'token must be a string' })
    .min(1, 'token is required')
    .max(512, 'token is at most 512 characters'),
})
export type DashboardLoginBody = z.infer<typeof dashboardLoginBody>

/** GET /dashboard/api/session and the login's answer: who is logged in, until when. */
export const dashboardSessionResponse = z.object({
  role: z.enum(['admin']),
  expiresAt: z.string().describe('ISO 8601'),
})
export type DashboardSessionResponse = z.infer<typeof dashboardSessionResponse>

/** GET /dashboard/api/projects: the projects the owner can read. */
export const dashboardProjectsResponse = z.object({
  projects: z.array(z.object({ id: z.string(), name: z.string() })),
})
export type DashboardProjectsResponse = z.infer<typeof dashboardProjectsResponse>

/** The path and query of every chart route: which project, how many days back from today. */
export const dashboardParams = z.object({ projectId: projectIdValue })
export const dashboardRangeQuery = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(1, 'days is at least 1')
    .max(DASHBOARD_MAX_DAYS, `days is at most ${DASHBOARD_MAX_DAYS}`)
    .default(DASHBOARD_DEFAULT_DAYS),
})

/** The range a chart answers for: days in UTC, `from` the first, `to` today (both YYYY-MM-DD). */
const range = z.object({ days: z.number().int(), from: z.string(), to: z.string() })

/** A count per UTC day, every day of the range (zero included), oldest first. */
const dailyCount = z.object({ day: z.string().describe('YYYY-MM-DD'), count: z.number().int() })

/** GET .../connects: CONNECT_SUCCESS events per day. */
export const dashboardConnectsResponse = z.object({
  range,
  total: z.number().int(),
  daily: z.array(dailyCount),
})
export type DashboardConnectsResponse = z.infer<typeof dashboardConnectsResponse>

/**
 * GET .../funnel: each step's events over the range and per day. Counted per day (events, not
 * visitors): the kit's events carry no visit id.
 */
export const dashboardFunnelResponse = z.object({
  range,
  steps: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count: z.number().int() })),
  daily: z.array(
    z.object({
      day: z.string(),
      opened: z.number().int(),
      choseMethod: z.number().int(),
      choseWallet: z.number().int(),
      connected: z.number().int(),
    }),
  ),
})
export type DashboardFunnelResponse = z.infer<typeof dashboardFunnelResponse>

/** A count per name (method, wallet, chain), largest first. */
const namedCount = z.object({ name: z.string(), count: z.number().int() })

/** GET .../methods: SELECT_METHOD by method, and CONNECT_SUCCESS by method. */
export const dashboardMethodsResponse = z.object({
  range,
  chosen: z.array(namedCount),
  connected: z.array(namedCount),
})
export type DashboardMethodsResponse = z.infer<typeof dashboardMethodsResponse>

/** GET .../wallets: SELECT_WALLET by wallet name, and the connects each led to. */
export const dashboardWalletsResponse = z.object({
  range,
  wallets: z.array(
    z.object({ name: z.string(), chosen: z.number().int(), connected: z.number().int() }),
  ),
})
export type DashboardWalletsResponse = z.infer<typeof dashboardWalletsResponse>

/** GET .../chains: per CAIP-2 chain, the connects, sends, swaps and sign-ins on it. */
export const dashboardChainsResponse = z.object({
  range,
  chains: z.array(
    z.object({
      chain: z.string(),
      connects: z.number().int(),
      sends: z.number().int(),
      swaps: z.number().int(),
      signIns: z.number().int(),
    }),
  ),
})
export type DashboardChainsResponse = z.infer<typeof dashboardChainsResponse>

/** One value an error occurred with (a view, a chain, a kit version) and how often. */
const errorContext = z
  .array(z.object({ name: z.string(), count: z.number().int() }))
  .describe(`The ${DASHBOARD_ERROR_CONTEXT_TOP} most common, most frequent first`)

/**
 * GET .../errors: the errors visitors met, grouped by message (within the event that reported
 * it), most frequent first, each with the views, chains and kit versions it occurred in.
 */
export const dashboardErrorsResponse = z.object({
  range,
  total: z.number().int(),
  errors: z.array(
    z.object({
      event: z.string(),
      message: z.string(),
      count: z.number().int(),
      lastSeen: z.string().describe('ISO 8601'),
      views: errorContext,
      chains: errorContext,
      versions: errorContext,
    }),
  ),
})
export type DashboardErrorsResponse = z.infer<typeof dashboardErrorsResponse>

/** GET .../signins: sign-ins (SIWX) per day: succeeded, failed, cancelled. */
export const dashboardSignInsResponse = z.object({
  range,
  totals: z.object({
    succeeded: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  }),
  daily: z.array(
    z.object({
      day: z.string(),
      succeeded: z.number().int(),
      failed: z.number().int(),
      cancelled: z.number().int(),
    }),
  ),
})
export type DashboardSignInsResponse = z.infer<typeof dashboardSignInsResponse>

/** GET .../onramp: the project's on-ramp orders (the server's own orders, not events). */
export const dashboardOnrampResponse = z.object({
  range,
  orders: z.number().int(),
  byStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  /** Paid orders' totals per fiat currency, in cents. */
  paid: z.array(
    z.object({ currency: z.string(), orders: z.number().int(), totalCents: z.number().int() }),
  ),
})
export type DashboardOnrampResponse = z.infer<typeof dashboardOnrampResponse>
