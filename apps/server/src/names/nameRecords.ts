import type { NameRecord } from '@latch/protocol'

/**
 * The columns of a name record, addresses aggregated: one row per name, so a lookup is one
 * query. `from names n left join name_addresses a on a.name = n.name ... group by n.name`.
 */
export const RECORD_COLUMNS = `n.name, n.attributes, n.registered_at, n.updated_at,
  coalesce(
    jsonb_object_agg(a.coin_type::text, jsonb_build_object('address', a.address, 'created', a.created_at))
      filter (where a.coin_type is not null),
    '{}'::jsonb
  ) as addresses`

/** A row of RECORD_COLUMNS, as both drivers give it. */
export type RecordRow = {
  name: string
  attributes: Record<string, string>
  registered_at: Date | string
  updated_at: Date | string
  addresses: Record<string, { address: string; created: string }>
}

const iso = (time: Date | string): string => new Date(time).toISOString()

/** A row as the API shows it: times in ISO 8601, addresses by coin type. */
export function toNameRecord(row: RecordRow): NameRecord {
  return {
    name: row.name,
    registered_at: iso(row.registered_at),
    updated_at: iso(row.updated_at),
    addresses: Object.fromEntries(
      Object.entries(row.addresses).map(([coinType, entry]) => [
        coinType,
        { address: entry.address, created: iso(entry.created) },
      ]),
    ),
    attributes: row.attributes,
  }
}
