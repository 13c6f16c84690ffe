import type { SessionPermission } from '@latch/protocol/smart-sessions'
import type { Address, Hex } from 'viem'
import type { Queryable } from '../db/index.ts'

/** A granted session as recorded: what was asked, by which site, when; not its live state. */
export type SessionRecord = {
  chainId: number
  pci: Hex
  account: Address
  origin: string
  signer: Address
  permissions: SessionPermission[]
  expiry: number
  grantedAt: number
  revokedAt: number | undefined
}

type Row = {
  chain_id: string | number
  pci: string
  account: string
  origin: string
  signer: string
  permissions: SessionPermission[] | string
  expiry: string | number
  granted_at: string | number
  revoked_at: string | number | null
}

function recordOf(row: Row): SessionRecord {
  return {
    chainId: Number(row.chain_id),
    pci: row.pci as Hex,
    account: row.account as Address,
    origin: row.origin,
    signer: row.signer as Address,
    // PGlite and node-postgres both parse jsonb; a string is parsed for a driver that does not.
    permissions:
      typeof row.permissions === 'string' ? JSON.parse(row.permissions) : row.permissions,
    expiry: Number(row.expiry),
    grantedAt: Number(row.granted_at),
    revokedAt: row.revoked_at === null ? undefined : Number(row.revoked_at),
  }
}

/** Records a session the chain just enabled. */
export async function insertSession(db: Queryable, record: SessionRecord): Promise<void> {
  await db.query(
    `insert into smart_sessions
       (chain_id, pci, account, origin, signer, permissions, expiry, granted_at, revoked_at)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, null)`,
    [
      record.chainId,
      record.pci.toLowerCase(),
      record.account.toLowerCase(),
      record.origin,
      record.signer.toLowerCase(),
      JSON.stringify(record.permissions),
      record.expiry,
      record.grantedAt,
    ],
  )
}

/** An account's sessions, on one chain or all, the newest first. */
export async function listSessions(
  db: Queryable,
  account: Address,
  chainId?: number,
): Promise<SessionRecord[]> {
  const rows = await db.query<Row>(
    `select * from smart_sessions
      where account = $1 and ($2::bigint is null or chain_id = $2)
      order by granted_at desc, pci`,
    [account.toLowerCase(), chainId ?? null],
  )
  return rows.map(recordOf)
}

/** One session of an account by its id, on any chain. */
export async function findSession(
  db: Queryable,
  account: Address,
  pci: Hex,
): Promise<SessionRecord | undefined> {
  const [row] = await db.query<Row>(
    'select * from smart_sessions where account = $1 and pci = $2 limit 1',
    [account.toLowerCase(), pci.toLowerCase()],
  )
  return row ? recordOf(row) : undefined
}

/** Records the owner's revocation; the first one recorded is kept. */
export async function markRevoked(
  db: Queryable,
  record: Pick<SessionRecord, 'chainId' | 'pci'>,
  at: number,
): Promise<void> {
  await db.query(
    `update smart_sessions set revoked_at = coalesce(revoked_at, $3)
      where chain_id = $1 and pci = $2`,
    [record.chainId, record.pci.toLowerCase(), at],
  )
}
