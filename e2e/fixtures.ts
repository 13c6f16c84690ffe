import { readFileSync } from 'node:fs'
import { type DevnetManifest, devnetManifest } from '@latch/protocol'
import { test as base } from '@playwright/test'

export type StackInfo = { demoUrl: string; serverUrl: string; devnet: DevnetManifest }

function env(name: string): string {
  const value = process.env[name]
  if (!value)
    throw new Error(`${name} is not set: run the tests through playwright.config.ts's global setup`)
  return value
}

/** Tests get where the stack runs and the devnet it was deployed on. */
export const test = base.extend<{ stack: StackInfo }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  stack: async ({}, use) => {
    const devnet = devnetManifest.parse(JSON.parse(readFileSync(env('DEVNET_MANIFEST'), 'utf8')))
    await use({ demoUrl: env('LATCH_DEMO_URL'), serverUrl: env('LATCH_SERVER_URL'), devnet })
  },
})

export { expect } from '@playwright/test'
