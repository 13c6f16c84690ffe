import * as z from 'zod/mini'

/** A registered name: its addresses and attributes. Times are ISO 8601. */
export const nameRecord = z.object({
  name: z.string(),
  registered_at: z.string(),
  updated_at: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string(), created: z.string() })),
  attributes: z.record(z.string(), z.string()),
})
export type NameRecord = z.infer<typeof nameRecord>

export const suggestionsResponse = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
})
export type NameSuggestions = z.infer<typeof suggestionsResponse>
