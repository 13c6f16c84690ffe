import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

/**
 * `npm test`: the kit's build, then typecheck, lint, unit + integration tests (vitest), the
 * fresh-clone test, browser tests (Playwright). Runs every stage even after a failure, then prints one closing line of totals
 * and exits non-zero if anything failed.
 *
 * Typecheck, lint and the fresh-clone test run beside the unit and integration tests: the first two
 * keep one core busy while the tests' devnet starts, and the fresh clone spends most of its minute
 * waiting on its own `npm install` and `npm start`. The browser tests run alone, after them all:
 * their timings are the ones closest to what a visitor sees.
 */
const root = path.resolve(import.meta.dirname, '..')
const reports = path.join(root, '.cache/test-reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

type Counts = { passed: number; failed: number; skipped: number }
type Stage = {
  name: string
  command: string[]
  cwd?: string
  env?: Record<string, string>
  counts?: () => Counts
  /** Each failed test as one line (where, what, the first lines of why), read from the report. */
  failures?: () => string[]
}

type VitestReport = {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  testResults: {
    name: string
    status: string
    message?: string
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[]
  }[]
}

/** The first lines of a failure's message, its colours stripped: enough to say what broke. */
const firstLines = (message: string) =>
  message
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 4)
    .join('\n    ')

const readJson = (file: string) => JSON.parse(readFileSync(path.join(reports, file), 'utf8'))

/** A vitest run writing its JSON report to `file`, and how its counts are read from it. */
function vitestStage(name: string, file: string, args: string[]): Stage {
  return {
    name,
    command: [
      'npx',
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/${file}`,
    ],
    counts: () => {
      const report = readJson(file) as VitestReport
      // A file that failed without a failed test (it did not load, or a hook threw) counts once;
      // vitest's numFailedTestSuites also counts every describe block around a failed test.
      const brokenFiles = report.testResults.filter(
        (result) =>
          result.status === 'failed' &&
          !result.assertionResults.some((assertion) => assertion.status === 'failed'),
      ).length
      return {
        passed: report.numPassedTests,
        failed: report.numFailedTests + brokenFiles,
        skipped: report.numPendingTests + report.numTodoTests,
      }
    },
    failures: () => {
      const report = readJson(file) as VitestReport
      return report.testResults.flatMap((result) => {
        const where = path.relative(root, result.name)
        const tests = result.assertionResults.filter((assertion) => assertion.status === 'failed')
        if (tests.length === 0)
          return result.status === 'failed'
            ? [`${where}\n    ${firstLines(result.message ?? '')}`]
            : []
        return tests.map(
          (assertion) =>
            `${where} › ${assertion.fullName}\n    ${firstLines(assertion.failureMessages?.[0] ?? '')}`,
        )
      })
    },
  }
}

/** Stages that run at once, their output held and printed whole as each one ends. */
const beside: Stage[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  vitestStage('fresh clone', 'fresh-clone.json', [
    '--config',
    'scripts/vitest.fresh-clone.config.ts',
  ]),
]
const unit = vitestStage('unit + integration', 'vitest.json', [])
const browser: Stage = {
  name: 'browser',
  command: ['npx', 'playwright', 'test', '--reporter=list,json'],
  cwd: path.join(root, 'e2e'),
  env: { PLAYWRIGHT_JSON_OUTPUT_FILE: `${reports}/playwright.json` },
  counts: () => {
    const { stats } = readJson('playwright.json')
    return {
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
    }
  },
  failures: () => {
    type Suite = {
      title: string
      file?: string
      suites?: Suite[]
      specs?: {
        title: string
        file: string
        line: number
        tests: { status: string; results: { error?: { message?: string } }[] }[]
      }[]
    }
    const failures: string[] = []
    const visit = (suite: Suite) => {
      for (const spec of suite.specs ?? [])
        for (const run of spec.tests)
          if (run.status === 'unexpected')
            failures.push(
              `e2e/tests/${spec.file}:${spec.line} › ${spec.title}\n    ${firstLines(run.results.at(-1)?.error?.message ?? '')}`,
            )
      for (const child of suite.suites ?? []) visit(child)
    }
    for (const suite of readJson('playwright.json').suites as Suite[]) visit(suite)
    return failures
  },
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 }
const failedStages: string[] = []
const failedTests: string[] = []

/** Runs a stage; with `held`, its output is printed only once it ends, in one piece. */
function run(stage: Stage, held: boolean): Promise<void> {
  const header = `── ${stage.name}: ${stage.command.join(' ')}`
  if (!held) console.log(`\n${header}`)
  const started = performance.now()
  const child = spawn(stage.command[0] as string, stage.command.slice(1), {
    cwd: stage.cwd ?? root,
    stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...stage.env },
  })
  const output: Buffer[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
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
      try {
        failedTests.push(...(stage.failures?.() ?? []))
      } catch {
        // No report to read: the stage's own output above says why.
      }
      const ok = code === 0
      if (!ok) failedStages.push(stage.name)
      if (held) console.log(`\n${header}\n${Buffer.concat(output).toString().trimEnd()}`)
      console.log(
        `── ${stage.name}: ${ok ? 'ok' : `FAILED (exit ${code ?? signal})`} in ${seconds} s`,
      )
      resolve()
    })
  })
}

// Every other stage reads the kit's packages as a site installs them: built first, once.
await run({ name: 'build', command: ['npx', 'tsx', 'scripts/build.ts'] }, false)
const besideDone = Promise.all(beside.map((stage) => run(stage, true)))
await run(unit, false)
await besideDone
await run(browser, false)

// The failed tests again at the very end, where a log cut to its last lines still shows them.
if (failedTests.length > 0) console.log(`\nfailed tests:\n  ${failedTests.join('\n  ')}`)
if (failedStages.length > 0) console.log(`\nfailed stages: ${failedStages.join(', ')}`)
// A failed stage without test counts (typecheck, lint, a crash) still counts as a failure.
const failed = total.failed > 0 ? total.failed : failedStages.length
console.log(
  `\ntests: ${total.passed} passed, ${failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
)
process.exit(failedStages.length > 0 ? 1 : 0)
