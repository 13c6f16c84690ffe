import { type ApiClient, createApiClient } from './api/client.ts'
import { LatchError } from './errors.ts'

export type LatchConfig = {
  /** The project's id on the Latch server; required (spec 5). */
  projectId: string
  /** Where the Latch server runs. */
  serverUrl: string
  fetch?: typeof fetch
}

export type Latch = {
  readonly config: Readonly<LatchConfig>
  readonly api: ApiClient
}

/**
 * Creates one Latch instance with its own state: two instances on a page share nothing.
 * @example const latch = createLatch({ projectId: 'latch-dev', serverUrl: 'http://127.0.0.1:8787' })
 */
export function createLatch(config: LatchConfig): Latch {
  if (!config.projectId) throw new LatchError('Project ID Not Configured')
  const api = createApiClient({
    baseUrl: config.serverUrl,
    projectId: config.projectId,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  })
  return { config: Object.freeze({ ...config }), api }
}
