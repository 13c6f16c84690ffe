import type { NameRecord } from '@latch/protocol'
import type { Database, Queryable } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import type { NameAttributes } from './messages.ts'
import type { ParsedName } from './nameRules.ts'
import { findRecord } from './nameStore.ts'

/** Who signed a change, and what they signed: kept in the name's history. */
export type SignedBy = { coinType: number; address: string; message: string; signature: string }

/** 400: the name has an owner. */
export const NAME_TAKEN = 'Name is already registered'
/** 401: a valid signature, but not by an address of the name. */
export const NOT_AN_OWNER =
  'Not an address of this name: sign with an address the name has, under its coin type'
/** 401: a signed message makes one change. */
export const MESSAGE_USED = 'This signed message was already used: sign a new one'

/** 404 for a name nobody registered. */
export const nameNotRegistered = (name: string) =>
  new HttpError(404, `Name ${name} is not registered`)

/**
 * Registers a name to its signer: the primary key decides between concurrent registrations (the
 * insert that does nothing finds the name taken), never a read before the write.
 */
export async function registerName(
  db: Database,
  input: { name: ParsedName; attributes: NameAttributes; signer: SignedBy },
): Promise<NameRecord> {
  const { name, signer } = input
  const attributes = withoutEmpty(input.attributes)
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into names (name, label, zone, attributes) values ($1, $2, $3, $4::jsonb)
       on conflict (name) do nothing returning name`,
      [name.name, name.label, name.zone, JSON.stringify(attributes)],
    )
    if (inserted.length === 0) throw new HttpError(400, NAME_TAKEN)
    await tx.query(
      `insert into name_addresses (name, coin_type, address, verified) values ($1, $2, $3, true)`,
      [name.name, signer.coinType, signer.address],
    )
    const after = { attributes, addresses: { [signer.coinType]: signer.address } }
    await recordChange(tx, name.name, 'register', null, after, signer)
    return (await findRecord(tx, name.name)) as NameRecord
  })
}

/**
 * Merges attributes into a name's (an empty value removes one), if the signer is one of its
 * addresses. The name's row is locked, so concurrent updates apply one after the other.
 */
export async function updateNameAttributes(
  db: Database,
  input: { name: string; attributes: NameAttributes; signer: SignedBy },
): Promise<NameRecord> {
  return db.transaction(async (tx) => {
    const before = await lockOwnedName(tx, input.name, input.signer)
    const after = withoutEmpty({ ...before.attributes, ...input.attributes })
    await tx.query(`update names set attributes = $2::jsonb, updated_at = now() where name = $1`, [
      input.name,
      JSON.stringify(after),
    ])
    await recordChange(
      tx,
      input.name,
      'attributes',
      { attributes: before.attributes },
      { attributes: after },
      input.signer,
    )
    return (await findRecord(tx, input.name)) as NameRecord
  })
}

/**
 * Sets (adds or replaces) a name's address for a coin type, if the signer is one of its
 * addresses; returns the record and the address it replaced, if any.
 */
export async function setNameAddress(
  db: Database,
  input: {
    name: string
    coinType: number
    address: string
    /** The new address itself signed this, on its coin type's chain. */
    verified: boolean
    signer: SignedBy
  },
): Promise<{ record: NameRecord; replaced: string | undefined }> {
  return db.transaction(async (tx) => {
    await lockOwnedName(tx, input.name, input.signer)
    const [previous] = await tx.query<{ address: string }>(
      'select address from name_addresses where name = $1 and coin_type = $2',
      [input.name, input.coinType],
    )
    await tx.query(
      `insert into name_addresses (name, coin_type, address, verified) values ($1, $2, $3, $4)
       on conflict (name, coin_type) do update
         set address = excluded.address, verified = excluded.verified, created_at = now()`,
      [input.name, input.coinType, input.address, input.verified],
    )
    await tx.query('update names set updated_at = now() where name = $1', [input.name])
    await recordChange(
      tx,
      input.name,
      'address',
      previous ? { coin_type: input.coinType, address: previous.address } : null,
      { coin_type: input.coinType, address: input.address, verified: input.verified },
      input.signer,
    )
    const record = (await findRecord(tx, input.name)) as NameRecord
    return { record, replaced: previous?.address }
  })
}

/** Locks a name's row for the change; 404 when it does not exist, 401 when the signer is not its. */
async function lockOwnedName(
  tx: Queryable,
  name: string,
  signer: SignedBy,
): Promise<{ attributes: Record<string, string> }> {
  const [row] = await tx.query<{ attributes: Record<string, string>; owned: boolean }>(
    `select n.attributes, exists (
       select 1 from name_addresses a
       where a.name = n.name and a.coin_type = $2 and lower(a.address) = $3
     ) as owned
     from names n where n.name = $1
     for update of n`,
    [name, signer.coinType, signer.address.toLowerCase()],
  )
  if (!row) throw nameNotRegistered(name)
  if (!row.owned) throw new HttpError(401, NOT_AN_OWNER)
  return row
}

/** Appends to the history; a message already used for this name is refused (a replay). */
async function recordChange(
  tx: Queryable,
  name: string,
  kind: 'register' | 'attributes' | 'address',
  before: unknown,
  after: unknown,
  signer: SignedBy,
): Promise<void> {
  const rows = await tx.query(
    `insert into name_changes
       (name, kind, before, after, signer, signer_coin_type, message, signature)
     values ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8)
     on conflict do nothing returning id`,
    [
      name,
      kind,
      before === null ? null : JSON.stringify(before),
      JSON.stringify(after),
      signer.address,
      signer.coinType,
      signer.message,
      signer.signature,
    ],
  )
  if (rows.length === 0) throw new HttpError(401, MESSAGE_USED)
}

const withoutEmpty = (attributes: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(attributes).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )
