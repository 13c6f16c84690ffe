import path from 'node:path'

/** The repository root: `.data/` (PGlite data, the devnet manifest) lives under it by default. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..')

/**
 * Whether the server runs from its TypeScript source in this repository (`npm start`, the tests)
 * or built, from its installed package (`npx @latch/server`). The source finds the pages in their
 * own workspaces' builds and keeps its data in the repository's `.data/`; the package carries the
 * pages beside its code and keeps its data in `latch-data/` of the folder it is started from.
 */
export const runsFromSource = import.meta.url.endsWith('.ts')
