import { z } from 'zod'
import { text } from './text.ts'

// Routes other clients of this API call about the project's plan and their own telemetry. A Latch
// server has no plan and collects no telemetry: it answers so, in the shapes those clients read.

/** GET /appkit/v1/project-limits: no plan, so no limit is ever reached. */
export const projectLimitsResponse = z.object({
  planLimits: z.object({
    tier: z.enum(['none']).describe('A self-hosted server sells no plan'),
    isAboveRpcLimit: z.boolean(),
    isAboveMauLimit: z.boolean(),
  }),
})
export type ProjectLimitsResponse = z.infer<typeof projectLimitsResponse>

/** GET /getAnalyticsConfig: whether the client should send its usage events (POST /batch). */
export const analyticsConfigResponse = z.object({ isAnalyticsEnabled: z.boolean() })
export type AnalyticsConfigResponse = z.infer<typeof analyticsConfigResponse>

/** Events in one POST /batch: a client flushes every few seconds, and a beacon holds 64 KB. */
export const MAX_TELEMETRY_EVENTS = 500

/** One usage event: its id, the page it happened on, when, and what (`props.event`). */
export const telemetryEvent = z.object({
  eventId: text().min(1).max(100),
  url: text().max(2048),
  domain: text().max(253),
  // Milliseconds since 1970: a smaller value (before mid-2017) would be seconds, a unit mix-up.
  timestamp: z.number().int().min(1_500_000_000_000).describe('Milliseconds since 1970'),
  // The event's own fields differ per event: only its kind and name are checked.
  props: z.looseObject({ type: text().min(1).max(64), event: text().min(1).max(100) }),
})

/** POST /batch body: the client's pending events, oldest first. */
export const telemetryBatchBody = z.array(telemetryEvent).max(MAX_TELEMETRY_EVENTS)
export type TelemetryBatchBody = z.infer<typeof telemetryBatchBody>

/** POST /batch: how many events arrived, and that none was kept (collection is off). */
export const telemetryBatchResponse = z.object({
  received: z.number().int().nonnegative(),
  stored: z.number().int().nonnegative(),
  isAnalyticsEnabled: z.boolean(),
})
export type TelemetryBatchResponse = z.infer<typeof telemetryBatchResponse>
