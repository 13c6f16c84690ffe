import path from 'node:path'
import { openDatabase } from '../apps/server/src/db/index.ts'
import { migrate } from '../apps/server/src/db/migrate.ts'
import { insertEvents } from '../apps/server/test/dashboardFixtures.ts'

/** The wallet name of the seeded events: no real wallet has it, so only the seed counts under it. */
export const SEEDED_WALLET = 'Seeded Wallet'
export const SEEDED_ERROR = 'Seeded error for the dashboard test'
/** The seeded events happened this many days ago: inside the default 30 days, outside 7. */
export const SEEDED_DAYS_AGO = 20

/**
 * Writes known analytics events into the stack's PGlite database before its server starts (PGlite
 * is one process's at a time), so the dashboard's browser test reads numbers it knows.
 */
export async function seedDashboardEvents(dataDir: string): Promise<void> {
  const db = await openDatabase({ dialect: 'pglite', dataDir: path.join(dataDir, 'pglite') })
  try {
    await migrate(db)
    // The server refreshes this project's name and origins when it starts.
    await db.query(
      `insert into projects (id, name, allowed_origins) values ('latch-dev', 'Latch development project', '{}')
       on conflict (id) do nothing`,
    )
    const at = new Date(Date.now() - SEEDED_DAYS_AGO * 86_400_000)
    const wallet = { name: SEEDED_WALLET, chain: 'eip155:31337' }
    await insertEvents(db, [
      { event: 'MODAL_OPEN', props: { connected: false }, at, times: 5 },
      { event: 'SELECT_WALLET', props: { ...wallet, platform: 'browser' }, at, times: 4 },
      { event: 'CONNECT_SUCCESS', props: { ...wallet, method: 'browser' }, at, times: 3 },
      {
        event: 'KIT_ERROR',
        props: { message: SEEDED_ERROR, view: 'Connect', version: '0.1.0' },
        at,
        times: 2,
      },
    ])
  } finally {
    await db.close()
  }
}
