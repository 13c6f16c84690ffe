// The server's programmatic API: what `latch-server` (main.ts) puts together, for an owner who
// starts it from their own code.
export { buildServer, SERVER_VERSION, type ServerDeps } from './app.ts'
export { type Config, loadConfig } from './config.ts'
export { type Database, openDatabase } from './db/index.ts'
export { migrate } from './db/migrate.ts'
export { buildFrameServer, type FrameServerDeps } from './frameApp.ts'
export { ProjectStore } from './projects.ts'
export { seedDevProject } from './seed.ts'
