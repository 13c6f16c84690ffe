import { readFileSync } from 'node:fs'
import { type DevnetManifest, devnetManifest } from '@latch/protocol'
import { test as base, expect } from '@playwright/test'

export type StackInfo = {
  demoUrl: string
  serverUrl: string
  frameUrl: string
  devnet: DevnetManifest
}

function env(name: string): string {
  const value = process.env[name]
  if (!value)
    throw new Error(`${name} is not set: run the tests through playwright.config.ts's global setup`)
  return value
}

/**
 * Tests get where the stack runs and the devnet it was deployed on; every test also fails if the
 * page broke its Content-Security-Policy (no eval, no inline script or style).
 */
export const test = base.extend<{ stack: StackInfo; cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = []
      await page.exposeFunction('__latchCspViolation', (line: string) => violations.push(line))
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __latchCspViolation(line: string): void })
            .__latchCspViolation
          report(
            `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
          )
        })
      })
      await use(violations)
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  stack: async ({}, use) => {
    const devnet = devnetManifest.parse(JSON.parse(readFileSync(env('DEVNET_MANIFEST'), 'utf8')))
    await use({
      demoUrl: env('LATCH_DEMO_URL'),
      serverUrl: env('LATCH_SERVER_URL'),
      frameUrl: env('LATCH_FRAME_URL'),
      devnet,
    })
  },
})

export { expect }
