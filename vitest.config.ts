import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'scripts/**/*.test.ts',
      'bench/*.test.ts',
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.ts',
    ],
    // The fresh-clone test has its own config (scripts/vitest.fresh-clone.config.ts): `npm test`
    // runs it beside these, with none of their shared devnet.
    exclude: [...configDefaults.exclude, 'scripts/start.test.ts'],
    globalSetup: ['./scripts/test-setup.global.ts'],
    // One process runs every file: importing the server and its dependencies once instead of once
    // a file takes the suite from about 400 s to about 230 s on 2 cores. The tests restore what
    // they stub (timers, globals) and close what they start.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
