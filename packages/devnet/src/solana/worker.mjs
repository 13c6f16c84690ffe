// Entry of the Solana devnet's worker thread: a worker does not inherit its owner's TypeScript
// loader (tsx, vitest, Playwright), so it registers tsx itself before loading the sources.
import { register } from 'tsx/esm/api'

register()
await import('./worker.ts')
