/** The database could not be reached, or dropped the connection: a 503, never a raw driver error. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable: try again shortly'

// Socket errors of a server that is down or restarting.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'])
// SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down).
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03'])
// What pg says when a pooled connection died under a query or could not be made in time.
const DRIVER_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/i

/**
 * Whether `error` means the server is out of reach (refused, reset, shutting down: SQLSTATE class
 * 08 and 57P0x), as opposed to an answer it gave (a constraint, a syntax error).
 */
export function isDatabaseOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SHUTDOWN_STATES.has(code) || code.startsWith('08')) return true
  }
  if (error instanceof AggregateError && error.errors.some(isDatabaseOutage)) return true
  return DRIVER_MESSAGES.test(error.message)
}

/** Runs a database call, turning an outage into a DatabaseUnavailableError (the cause kept). */
export async function orUnavailable<Result>(call: () => Promise<Result>): Promise<Result> {
  try {
    return await call()
  } catch (error) {
    if (isDatabaseOutage(error))
      throw new DatabaseUnavailableError(DATABASE_UNAVAILABLE_MESSAGE, { cause: error })
    throw error
  }
}
