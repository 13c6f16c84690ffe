import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'scripts/**/*.test.ts',
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.ts',
    ],
    globalSetup: ['./scripts/test-setup.global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
