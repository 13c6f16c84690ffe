import { defineConfig } from 'vitest/config'

// The fresh-clone test alone: it starts its own stack from a copy of the repository, so it needs
// none of the devnet, PostgreSQL and Redis the other tests share, and `npm test` runs it beside them.
export default defineConfig({
  test: {
    include: ['scripts/start.test.ts'],
    testTimeout: 480_000,
  },
})
