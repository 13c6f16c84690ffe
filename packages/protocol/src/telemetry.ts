import { z } from 'zod'
import { text, textProblem } from './text.ts'

// The project's plan, and the kit's usage and error events. A Latch server has no plan: it answers
// so, in the shape other clients read. Events are kept per project, unless the project turns its
// `analytics` feature off.

/** GET /appkit/v1/project-limits: no plan, so no limit is ever reached. */
export const projectLimitsResponse = z.object({
  planLimits: z.object({
    tier: z.enum(['none']).describe('A self-hosted server sells no plan'),
    isAboveRpcLimit: z.boolean(),
    isAboveMauLimit: z.boolean(),
  }),
})
export type ProjectLimitsResponse = z.infer<typeof projectLimitsResponse>

/** GET /getAnalyticsConfig: whether the client should send its usage events (POST /e, /batch). */
export const analyticsConfigResponse = z.object({ isAnalyticsEnabled: z.boolean() })
export type AnalyticsConfigResponse = z.infer<typeof analyticsConfigResponse>

/** Events in one POST /batch: a client flushes every few seconds, and a beacon holds 64 KB. */
export const MAX_TELEMETRY_EVENTS = 500

/** Fields one event may carry besides its kind and name: the kit's events have a handful. */
export const MAX_EVENT_FIELDS = 24

/** 'track' for product analytics, 'error' for the kit's error telemetry. */
export const telemetryEventType = z.enum(['track', 'error'])
export type TelemetryEventType = z.infer<typeof telemetryEventType>

/** The most an event's fields may take, as JSON: the kit's events take a few hundred bytes. */
export const MAX_EVENT_PROPS_BYTES = 8192

/**
 * What is wrong with the first string in a JSON value (keys included) that is not text a route
 * takes (a control character, a lone surrogate), or undefined: fields other clients nest are
 * stored as JSON, where one such string would fail the whole batch's statement.
 */
function textProblemInside(value: unknown): string | undefined {
  if (typeof value === 'string') return textProblem(value)
  if (Array.isArray(value)) {
    for (const entry of value) {
      const problem = textProblemInside(entry)
      if (problem) return problem
    }
    return undefined
  }
  if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) {
      const problem = textProblem(key) ?? textProblemInside(entry)
      if (problem) return problem
    }
  return undefined
}

/**
 * An event's fields: `type` and `event` (its name, in capitals: CONNECT_SUCCESS), then its own.
 * Latch's kit sends flat fields; other clients of this API nest theirs, which are kept as sent.
 */
export const telemetryProps = z
  .looseObject({
    type: telemetryEventType,
    event: text()
      .min(1)
      .max(64)
      .regex(/^[A-Z][A-Z0-9_]*$/, 'Expected an event name in capitals and "_", e.g. MODAL_OPEN'),
  })
  .refine((props) => Object.keys(props).length <= MAX_EVENT_FIELDS + 2, {
    message: `At most ${MAX_EVENT_FIELDS} fields besides type and event`,
  })
  .superRefine((props, context) => {
    const problem = textProblemInside(props)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  })
  .refine((props) => JSON.stringify(props).length <= MAX_EVENT_PROPS_BYTES, {
    message: `At most ${MAX_EVENT_PROPS_BYTES} bytes of fields`,
  })
export type TelemetryProps = z.infer<typeof telemetryProps>

/** One usage event: its id, the page it happened on, when, and what (`props.event`). */
export const telemetryEvent = z.object({
  eventId: text().min(1).max(100),
  url: text()
    .max(2048)
    .refine((value) => URL.canParse(value), 'Expected an absolute URL'),
  domain: text().max(253),
  // Milliseconds since 1970: a smaller value (before mid-2017) would be seconds, a unit mix-up.
  timestamp: z.number().int().min(1_500_000_000_000).describe('Milliseconds since 1970'),
  props: telemetryProps,
})
export type TelemetryEvent = z.infer<typeof telemetryEvent>

/** POST /batch body: the client's pending events, oldest first. */
export const telemetryBatchBody = z.array(telemetryEvent).max(MAX_TELEMETRY_EVENTS)
export type TelemetryBatchBody = z.infer<typeof telemetryBatchBody>

/**
 * POST /e and POST /batch: how many events arrived, how many were stored now (an event already
 * stored, or any while the project's analytics is off, is not), and whether the project collects.
 */
export const telemetryBatchResponse = z.object({
  received: z.number().int().nonnegative(),
  stored: z.number().int().nonnegative(),
  isAnalyticsEnabled: z.boolean(),
})
export type TelemetryBatchResponse = z.infer<typeof telemetryBatchResponse>
