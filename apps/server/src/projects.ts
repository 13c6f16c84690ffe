import { LRUCache } from 'lru-cache'
import type { Queryable } from './db/index.ts'

export type Project = { id: string; name: string; allowedOrigins: string[] }

type ProjectRow = { id: string; name: string; allowed_origins: string[] }

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  allowedOrigins: row.allowed_origins,
})

/** Projects by id, read through a short cache: every /v1 call looks its project up. */
export class ProjectStore {
  readonly #db: Queryable
  readonly #cache = new LRUCache<string, { project: Project | null }>({ max: 10_000, ttl: 30_000 })

  constructor(db: Queryable) {
    this.#db = db
  }

  async get(id: string): Promise<Project | null> {
    const cached = this.#cache.get(id)
    if (cached) return cached.project
    const rows = await this.#db.query<ProjectRow>(
      'select id, name, allowed_origins from projects where id = $1',
      [id],
    )
    const project = rows[0] ? toProject(rows[0]) : null
    this.#cache.set(id, { project })
    return project
  }

  /** Creates the project or replaces its name and origins. */
  async upsert(project: Project): Promise<Project> {
    const rows = await this.#db.query<ProjectRow>(
      `insert into projects (id, name, allowed_origins) values ($1, $2, $3)
       on conflict (id) do update set name = excluded.name,
         allowed_origins = excluded.allowed_origins, updated_at = now()
       returning id, name, allowed_origins`,
      [project.id, project.name, project.allowedOrigins],
    )
    this.#cache.delete(project.id)
    return toProject(rows[0] as ProjectRow)
  }

  /** Whether any project lists the origin: the CORS allowlist beyond the configured origins. */
  async isKnownOrigin(origin: string): Promise<boolean> {
    const rows = await this.#db.query(
      'select 1 from projects where $1 = any(allowed_origins) limit 1',
      [origin],
    )
    return rows.length > 0
  }
}

/** An origin matches an allowlist entry exactly, or a `*.` wildcard entry on its host. */
export function originAllowed(origin: string, allowedOrigins: string[]): boolean {
  return allowedOrigins.some((allowed) => {
    if (allowed === origin) return true
    const wildcard = /^(https?:\/\/)\*\.(.+)$/.exec(allowed)
    if (!wildcard) return false
    const [, scheme, suffix] = wildcard
    return origin.startsWith(scheme as string) && origin.endsWith(`.${suffix}`)
  })
}
