import type { AlertsController } from '../alerts/createAlerts.ts'
import type { SetupProblem } from './types.ts'

/** The texts of the mistakes, in their own chunk: a page set up right never loads them. */
export type SetupProblems = typeof import('./setupProblems.ts')

/** Reports the mistake `pick` builds from the texts; resolves once it is reported. */
export type SetupReport = (pick: (problems: SetupProblems) => SetupProblem) => Promise<void>

/**
 * The setup report of one instance: each mistake goes to the console as one `[latch]` line, at
 * most once (a check that runs again finds the same mistake), and raises its alert if it has one.
 * @example await report((problems) => problems.serverUnreachable('http://127.0.0.1:8787'))
 */
export function createSetupReport(deps: { alerts: Pick<AlertsController, 'raise'> }): SetupReport {
  const reported = new Set<string>()
  return async (pick) => {
    // Texts that cannot load leave nothing to say; the mistake shows again on the next load.
    const texts = await import('./setupProblems.ts').catch(() => undefined)
    if (!texts) return
    const problem = pick(texts)
    if (reported.has(problem.key)) return
    reported.add(problem.key)
    console[problem.level](`[latch] ${problem.line}`)
    if (problem.alert) deps.alerts.raise(problem.alert)
  }
}
