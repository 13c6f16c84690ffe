import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

/**
 * `npm test`: typecheck, lint, unit + integration tests (vitest), browser tests (Playwright).
 * Runs every stage even after a failure, then prints one closing line of totals and exits non-zero
 * if anything failed.
 */
const root = path.resolve(import.meta.dirname, '..')
const reports = path.join(root, '.cache/test-reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

type Counts = { passed: number; failed: number; skipped: number }
type Stage = {
  name: string
  command: string[]
  env?: Record<string, string>
  counts?: () => Counts
}

type VitestReport = {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  testResults: { status: string; assertionResults: { status: string }[] }[]
}

const readJson = (file: string) => JSON.parse(readFileSync(path.join(reports, file), 'utf8'))

const stages: Stage[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  {
    name: 'unit + integration',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/vitest.json`,
    ],
    counts: () => {
      const report = readJson('vitest.json') as VitestReport
      // A file that failed without a failed test (it did not load, or a hook threw) counts once;
      // vitest's numFailedTestSuites also counts every describe block around a failed test.
      const brokenFiles = report.testResults.filter(
        (file) =>
          file.status === 'failed' &&
          !file.assertionResults.some((assertion) => assertion.status === 'failed'),
      ).length
      return {
        passed: report.numPassedTests,
        failed: report.numFailedTests + brokenFiles,
        skipped: report.numPendingTests + report.numTodoTests,
      }
    },
  },
  {
    name: 'browser',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: `${reports}/playwright.json` },
    counts: () => {
      const { stats } = readJson('playwright.json')
      return {
        passed: stats.expected + stats.flaky,
        failed: stats.unexpected,
        skipped: stats.skipped,
      }
    },
  },
]

const total: Counts = { passed: 0, failed: 0, skipped: 0 }
const failedStages: string[] = []
for (const stage of stages) {
  console.log(`\n── ${stage.name}: ${stage.command.join(' ')}`)
  const started = performance.now()
  const cwd = stage.name === 'browser' ? path.join(root, 'e2e') : root
  const result = spawnSync(stage.command[0] as string, stage.command.slice(1), {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...stage.env },
  })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  let counts: Counts | undefined
  try {
    counts = stage.counts?.()
  } catch {
    // No report: the stage died before its runner wrote one; its exit code says so below.
  }
  if (counts) {
    total.passed += counts.passed
    total.failed += counts.failed
    total.skipped += counts.skipped
  }
  const ok = result.status === 0
  if (!ok) failedStages.push(stage.name)
  console.log(
    `── ${stage.name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`,
  )
}

if (failedStages.length > 0) console.log(`\nfailed stages: ${failedStages.join(', ')}`)
// A failed stage without test counts (typecheck, lint, a crash) still counts as a failure.
const failed = total.failed > 0 ? total.failed : failedStages.length
console.log(
  `\ntests: ${total.passed} passed, ${failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
)
process.exit(failedStages.length > 0 ? 1 : 0)
