import type { RouteMethod } from '@latch/protocol/routes'
import { SDK_TYPE, SDK_VERSION } from '../constants.ts'
import { HttpStatusError } from './httpStatusError.ts'

/** Query parameters of a call; an undefined one is left out of the URL. */
export type Query = Record<string, string | number | boolean | undefined>

/** One call to the server: its method, path, query, JSON body and extra headers. */
export type Send = (
  method: RouteMethod,
  path: string,
  query?: Query,
  body?: object,
  headers?: Record<string, string>,
) => Promise<unknown>

/**
 * Calls the server at `baseUrl` with projectId, st and sv in the query (and projectId in a JSON
 * body), and answers the JSON it read; a non-OK status throws HttpStatusError with the server's
 * message.
 */
export function createSend(baseUrl: string, projectId: string, fetchFn: typeof fetch): Send {
  return async (method, path, query = {}, body, headers = {}) => {
    const url = new URL(path, baseUrl)
    const params = { projectId, st: SDK_TYPE, sv: SDK_VERSION, ...query }
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) url.searchParams.set(key, String(value))
    }
    const response = await fetchFn(url, {
      method,
      headers: body ? { 'content-type': 'application/json', ...headers } : headers,
      body: body ? JSON.stringify({ projectId, ...body }) : null,
    })
    if (!response.ok) {
      const error = (await response.json().catch(() => undefined)) as
        | { message?: string }
        | undefined
      throw new HttpStatusError(response.status, error?.message)
    }
    return response.json()
  }
}
