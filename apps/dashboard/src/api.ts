import { DASHBOARD_API } from '@latch/protocol/dashboard-paths'

/** An answer the page cannot use: its status, and the server's sentence for it. */
export class ApiError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
  }
}

/** What the owner reads for any failed call: the server's own message, or one plain sentence. */
export function displayMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return 'The server could not be reached. Check that it is running and try again.'
}

/** Calls a dashboard route on this origin (the session cookie goes along); throws an ApiError. */
export async function api<Answer>(path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${DASHBOARD_API}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
    credentials: 'same-origin',
  })
  if (response.status === 204) return undefined as Answer
  const json = (await response.json().catch(() => ({}))) as { message?: string }
  if (!response.ok)
    throw new ApiError(response.status, json.message ?? `The server answered ${response.status}`)
  return json as Answer
}
