import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@latch/test-wallet'
import { defineConfig } from '@playwright/test'

/** Browser tests in the system Chromium (Debian's `chromium`), against the stack `npm start` runs. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  // What a visitor waits on here is a chain including a transaction or a bundler its operation:
  // on the two cores CI shares with the devnet that can pass 5 s while every part works.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    browserName: 'chromium',
    // Numbers are shown the visitor's way: the tests read them as en-US writes them (1,234.5).
    locale: 'en-US',
    // Recording a trace costs about a third of the suite's time on two cores, even when it is
    // thrown away: a failure keeps its screenshot, and LATCH_TRACE=1 records traces to read.
    trace: process.env.LATCH_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
})
