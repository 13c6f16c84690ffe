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

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])
/**
 * Names reserved for tests and examples (RFC 2606, RFC 6761): none resolves on the internet, so a
 * test may serve a page there through Playwright's routing, as another site would be.
 */
const RESERVED_SUFFIXES = ['.test', '.example', '.invalid', '.localhost']

/** Whether a request the browser made stays on this machine (loopback, or no network at all). */
function onLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url)
  if (protocol !== 'http:' && protocol !== 'https:' && protocol !== 'ws:' && protocol !== 'wss:')
    return true
  return LOOPBACK_HOSTS.has(hostname) || RESERVED_SUFFIXES.some((end) => hostname.endsWith(end))
}

/**
 * Tests get where the stack runs and the devnet it was deployed on; every test also fails if the
 * page broke its Content-Security-Policy (no eval, no inline script or style) or if the browser
 * asked for anything off loopback.
 */
export const test = base.extend<{
  stack: StackInfo
  cspViolations: string[]
  offLoopbackRequests: string[]
}>({
  // Nothing a visitor's browser loads, in the page or in a popup, leaves loopback: the product
  // runs whole on one machine, and a remote font or script would also leak the visit.
  offLoopbackRequests: [
    async ({ context }, use) => {
      const requests: string[] = []
      context.on('request', (request) => {
        if (!onLoopback(request.url())) requests.push(request.url())
      })
      await use(requests)
      expect(requests, 'requests that left loopback').toEqual([])
    },
    { auto: true },
  ],
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
