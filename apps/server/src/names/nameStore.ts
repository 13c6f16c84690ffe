import type { NameRecord } from '@latch/protocol'
import type { Queryable } from '../db/index.ts'
import { RECORD_COLUMNS, type RecordRow, toNameRecord } from './nameRecords.ts'

/** A name shown for an address: the name and its avatar attribute. */
export type NameIdentity = { name: string; avatar: string | null }

/** Reads of the names tables; each answer is one query. Writes are in nameWrites.ts. */
export class NameStore {
  readonly #db: Queryable

  constructor(db: Queryable) {
    this.#db = db
  }

  /** The record of a name (lower-cased), or undefined when it is not registered. */
  async find(name: string): Promise<NameRecord | undefined> {
    return findRecord(this.#db, name)
  }

  /**
   * The names whose verified address is `address` under any coin type: the name it got last
   * first (the one identity shows), then by name.
   */
  async findByAddress(address: string): Promise<NameRecord[]> {
    const rows = await this.#db.query<RecordRow>(
      `with mine as (
         select name, max(created_at) as since from name_addresses
         where lower(address) = $1 and verified group by name
       )
       select ${RECORD_COLUMNS}
       from mine join names n on n.name = mine.name left join name_addresses a on a.name = n.name
       group by n.name, mine.since
       order by mine.since desc, n.name`,
      [address.toLowerCase()],
    )
    return rows.map(toNameRecord)
  }

  /** The name identity shows for an address on these coin types: the one it got last. */
  async identityOf(address: string, coinTypes: readonly number[]): Promise<NameIdentity | null> {
    if (coinTypes.length === 0) return null
    const [row] = await this.#db.query<{ name: string; avatar: string | null }>(
      `select n.name, nullif(n.attributes->>'avatar', '') as avatar
       from name_addresses a join names n on n.name = a.name
       where lower(a.address) = $1 and a.verified and a.coin_type = any($2::bigint[])
       order by a.created_at desc, n.name
       limit 1`,
      [address.toLowerCase(), coinTypes],
    )
    return row ?? null
  }

  /** Which of these names (lower-cased) are registered. */
  async registered(names: readonly string[]): Promise<Set<string>> {
    const rows = await this.#db.query<{ name: string }>(
      'select name from names where name = any($1::text[])',
      [names],
    )
    return new Set(rows.map((row) => row.name))
  }
}

/** One name's record, on the database or inside a transaction. */
export async function findRecord(db: Queryable, name: string): Promise<NameRecord | undefined> {
  const [row] = await db.query<RecordRow>(
    `select ${RECORD_COLUMNS}
     from names n left join name_addresses a on a.name = n.name
     where n.name = $1
     group by n.name`,
    [name],
  )
  return row ? toNameRecord(row) : undefined
}
