import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Database } from './index.ts'

const migrationsDir = path.join(import.meta.dirname, 'migrations')
// Any fixed number: every server instance takes the same lock, so only one migrates at a time.
const MIGRATION_LOCK_KEY = 4_337_001

export type Migration = { version: number; name: string; sql: string }

/** The versioned migrations, `NNNN_name.sql`, in order. */
export function listMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }))
}

/** Applies every migration not yet applied, in one transaction; returns the versions it applied. */
export async function migrate(db: Database, migrations = listMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    await tx.query(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`)
    const rows = await tx.query<{ version: number }>('select version from schema_migrations')
    const applied = new Set(rows.map((row) => row.version))
    const pending = migrations.filter((migration) => !applied.has(migration.version))
    for (const migration of pending) {
      await tx.exec(migration.sql)
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ])
    }
    return pending.map((migration) => migration.version)
  })
}
