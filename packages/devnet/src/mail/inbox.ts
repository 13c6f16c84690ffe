import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MailStore } from './store.ts'

function send(response: ServerResponse, status: number, body?: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    // A dev-only reader: a test page may read it too.
    'access-control-allow-origin': '*',
    'cache-control': 'no-store',
  })
  response.end(text)
}

/**
 * The HTTP inbox: `GET /messages?to=<address>` lists the caught messages (newest last; all of
 * them without `to`), `DELETE /messages` clears them, `GET /health` answers ok.
 */
export function inboxHandler(store: MailStore) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const url = new URL(request.url ?? '/', 'http://inbox')
    if (url.pathname === '/health' && request.method === 'GET') {
      send(response, 200, { ok: true })
      return
    }
    if (url.pathname !== '/messages') {
      send(response, 404, { error: `no route ${url.pathname}: use /messages` })
      return
    }
    if (request.method === 'GET') {
      send(response, 200, store.list(url.searchParams.get('to') ?? undefined))
    } else if (request.method === 'DELETE') {
      store.clear()
      send(response, 204)
    } else {
      response.setHeader('allow', 'GET, DELETE')
      send(response, 405, { error: `${request.method} is not allowed on /messages` })
    }
  }
}
