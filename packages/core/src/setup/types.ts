import type { KnownAlert } from '../alerts/types.ts'

/**
 * A mistake in how the site set the kit up: the line its developer reads in the console (what is
 * wrong and how to fix it), and the alert its visitors see when the mistake takes something away
 * from them.
 */
export type SetupProblem = {
  /** Names the mistake: it is reported once per instance. */
  key: string
  level: 'error' | 'warn'
  line: string
  alert?: KnownAlert
}
