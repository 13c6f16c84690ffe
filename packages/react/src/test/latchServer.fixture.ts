import type { DevnetManifest } from '@latch/protocol'
import { inject } from 'vitest'
import { startTestServer } from '../../../../apps/server/test/helpers.ts'

export type LatchServer = { url: string; devnet: DevnetManifest; close(): Promise<void> }

/**
 * The Latch server as its own tests start it (migrated, dev project seeded) on the test run's
 * devnet, listening on a free loopback port: a view test's calls reach the real routes and chains.
 */
export async function startLatchServer(): Promise<LatchServer> {
  // PostgreSQL rather than in-memory PGlite: PGlite saves its template through Blob, which a
  // jsdom test file replaces with jsdom's own.
  const server = await startTestServer('postgres')
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' })
  return {
    url,
    devnet: inject('devnet'),
    async close() {
      const closed = server.close()
      // The tests are over: a connection the page's client still holds open (no request on it,
      // yet not idle to Node) would otherwise keep close() waiting past the hook's timeout.
      server.app.server.closeAllConnections()
      await closed
    },
  }
}
