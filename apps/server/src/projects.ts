import type { FeatureOverrides } from '@latch/protocol'
import { originAllowed } from '@latch/protocol/origins'
import { LRUCache } from 'lru-cache'
import type { Queryable } from './db/index.ts'

export type Project = {
  id: string
  name: string
  allowedOrigins: string[]
  /** Feature settings as stored (the defaults where absent); `resolveFeatures` checks them. */
  features: Record<string, unknown>
}

type ProjectRow = {
  id: string
  name: string
  allowed_origins: string[]
  features: Record<string, unknown>
}

const PROJECT_COLUMNS = 'id, name, allowed_origins, features'

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  allowedOrigins: row.allowed_origins,
  features: row.features,
})

/** Projects by id, read through a short cache: every /v1 call looks its project up. */
export class ProjectStore {
  readonly #db: Queryable
  readonly #cache = new LRUCache<string, { project: Project | null }>({ max: 10_000, ttl: 30_000 })
  readonly #originCache = new LRUCache<string, { known: boolean }>({ max: 10_000, ttl: 30_000 })

  constructor(db: Queryable) {
    this.#db = db
  }

  async get(id: string): Promise<Project | null> {
    const cached = this.#cache.get(id)
    if (cached) return cached.project
    const rows = await this.#db.query<ProjectRow>(
      `select ${PROJECT_COLUMNS} from projects where id = $1`,
      [id],
    )
    const project = rows[0] ? toProject(rows[0]) : null
    this.#cache.set(id, { project })
    return project
  }

  /** Creates the project or replaces its name and origins, and its features when given. */
  async upsert(
    project: Omit<Project, 'features'> & { features?: FeatureOverrides },
  ): Promise<Project> {
    const rows = await this.#db.query<ProjectRow>(
      `insert into projects (id, name, allowed_origins, features)
       values ($1, $2, $3, coalesce($4::jsonb, '{}'))
       on conflict (id) do update set name = excluded.name,
         allowed_origins = excluded.allowed_origins,
         features = coalesce($4::jsonb, projects.features), updated_at = now()
       returning ${PROJECT_COLUMNS}`,
      [
        project.id,
        project.name,
        project.allowedOrigins,
        project.features ? JSON.stringify(project.features) : null,
      ],
    )
    this.#cache.delete(project.id)
    // Any origin's answer may change with the project's list.
    this.#originCache.clear()
    return toProject(rows[0] as ProjectRow)
  }

  /**
   * Whether any project lists the origin, by the rule the project check applies (originAllowed:
   * exactly or by a `https://*.` wildcard): the CORS allowlist beyond the configured origins.
   * Asked on every request with an Origin, so the answer is cached per origin like a project.
   */
  async isKnownOrigin(origin: string): Promise<boolean> {
    const cached = this.#originCache.get(origin)
    if (cached) return cached.known
    // Only projects that list the origin itself or a wildcard can take it.
    const rows = await this.#db.query<{ allowed_origins: string[] }>(
      `select allowed_origins from projects where exists (
         select 1 from unnest(allowed_origins) as allowed where allowed = $1 or allowed like '%*%')`,
      [origin],
    )
    const known = rows.some((row) => originAllowed(origin, row.allowed_origins))
    this.#originCache.set(origin, { known })
    return known
  }
}

export { originAllowed }

/**
 * A page served from this machine (`http://localhost:5173`, `http://127.0.0.1:3000`, `[::1]`),
 * any port: what a developer runs before the site has an origin of its own.
 */
export function isLocalhostOrigin(origin: string): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  )
}
