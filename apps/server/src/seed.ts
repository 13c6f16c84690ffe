import type { Config } from './config.ts'
import type { Database } from './db/index.ts'
import { setPolicy } from './paymaster/store.ts'
import { ProjectStore } from './projects.ts'

/** Creates (or refreshes) the development project named by DEV_PROJECT_ID, and its SPONSORSHIP_* policy. */
export async function seedDevProject(db: Database, config: Config): Promise<void> {
  if (!config.devProject) return
  await new ProjectStore(db).upsert({
    id: config.devProject.id,
    name: 'Latch development project',
    allowedOrigins: config.devProject.allowedOrigins,
  })
  // The environment's sponsorship settings, when given, are the dev project's policy.
  if (config.devSponsorship) await setPolicy(db, config.devProject.id, config.devSponsorship)
}
