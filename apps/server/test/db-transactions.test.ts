import { afterAll, expect, it } from 'vitest'
import { type Database, openDatabase } from '../src/db/index.ts'
import { freshDatabaseConfig } from './helpers.ts'

let db: Database | undefined

afterAll(async () => {
  await db?.close()
})

it('runs thousands of transactions on the pooled connections with no listener left behind', async () => {
  db = await openDatabase(await freshDatabaseConfig('postgres'))
  const warnings: string[] = []
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`)
  process.on('warning', onWarning)
  try {
    // More transactions than the pool has connections times Node's listener limit (10 x 10).
    for (let round = 0; round < 25; round++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          db?.transaction(async (tx) => {
            const [row] = await tx.query<{ n: number }>('select $1::int as n', [index])
            return row?.n
          }),
        ),
      )
      expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    }
    // A warning is emitted on the next tick of the listener that passed the limit.
    await new Promise((resolve) => setImmediate(resolve))
  } finally {
    process.off('warning', onWarning)
  }
  expect(warnings.filter((warning) => warning.includes('MaxListeners'))).toEqual([])
})
