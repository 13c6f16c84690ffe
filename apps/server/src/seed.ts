import type { Config } from './config.ts'
import type { Database } from './db/index.ts'
import { ProjectStore } from './projects.ts'

/** Creates (or refreshes) the development project named by DEV_PROJECT_ID. */
export async function seedDevProject(db: Database, config: Config): Promise<void> {
  if (!config.devProject) return
  await new ProjectStore(db).upsert({
    id: config.devProject.id,
    name: 'Latch development project',
    allowedOrigins: config.devProject.allowedOrigins,
  })
}
