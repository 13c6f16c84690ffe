import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import { RelayAuthError, verifyRelayAuth } from './auth.ts'
import { PING_INTERVAL_MS, PRUNE_INTERVAL_MS, RELAY_LIMITS } from './constants.ts'
import { RelayHub } from './hub.ts'

export type RelayOptions = {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  /** 0 (default) lets the OS pick a free port. */
  port?: number
  /** One line per connect and disconnect; silent by default. */
  log?: (line: string) => void
}

export type Relay = {
  /** `ws://127.0.0.1:PORT`: what a WalletConnect client takes as `relayUrl`. */
  url: string
  port: number
  /** Closes every socket and the listener; safe to call twice. */
  stop(): Promise<void>
}

/** The last characters of a did:key, enough to tell clients apart in a log. */
function shortClientId(clientId: string): string {
  return `…${clientId.slice(-8)}`
}

function refuse(socket: Duplex, status: 400 | 401, reason: string): void {
  const text = status === 401 ? 'Unauthorized' : 'Bad Request'
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  )
}

/**
 * Starts a WalletConnect v2 relay on loopback: the JSON-RPC of the real relay as
 * @walletconnect/core 2.21.8 speaks it (irn_* methods, wc_proposeSession, wc_approveSession)
 * with a mailbox, so pairing, sessions and requests work with no network.
 *
 * @example
 * const relay = await startRelay({ port: 0 })
 * await SignClient.init({ projectId: 'latch-dev', relayUrl: relay.url })
 * await relay.stop()
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const { host = '127.0.0.1', port = 0 } = options
  const log = options.log ?? (() => {})
  const hub = new RelayHub(RELAY_LIMITS)
  const alive = new Map<WebSocket, boolean>()

  const server = createServer((request, response) => {
    const healthy = request.url === '/health'
    response.writeHead(healthy ? 200 : 426, { 'content-type': 'text/plain' })
    response.end(healthy ? 'ok' : 'WalletConnect relay: connect over WebSocket')
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: RELAY_LIMITS.maxFrameBytes })

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {})
    const query = new URL(request.url ?? '/', 'http://relay').searchParams
    if (!query.get('projectId')) {
      refuse(socket, 401, 'the projectId query parameter is missing')
      return
    }
    let clientId: string
    try {
      clientId = verifyRelayAuth(query.get('auth')).clientId
    } catch (error) {
      const reason = error instanceof RelayAuthError ? error.shortMessage : 'invalid auth'
      log(`relay: refused a connection: ${reason}`)
      refuse(socket, 401, reason)
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      alive.set(ws, true)
      // A late pong must not bring back a socket that has closed.
      ws.on('pong', () => alive.has(ws) && alive.set(ws, true))
      hub.attach(ws, clientId, () => {
        alive.delete(ws)
        log(`relay: client ${shortClientId(clientId)} disconnected (${hub.size} open)`)
      })
      log(`relay: client ${shortClientId(clientId)} connected (${hub.size} open)`)
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host }, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch((error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${port} is in use` : error.message
    throw new Error(`relay could not listen on ${host}:${port}: ${reason}`, { cause: error })
  })

  // A socket that missed a whole ping interval is dead; core reconnects on its side.
  const pinger = setInterval(() => {
    for (const [ws, answered] of alive) {
      if (!answered) {
        ws.terminate()
        continue
      }
      alive.set(ws, false)
      ws.ping()
    }
  }, PING_INTERVAL_MS)
  const pruner = setInterval(() => hub.prune(), PRUNE_INTERVAL_MS)
  pinger.unref()
  pruner.unref()

  const { port: boundPort } = server.address() as AddressInfo
  const url = `ws://${host.includes(':') ? `[${host}]` : host}:${boundPort}`

  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      clearInterval(pinger)
      clearInterval(pruner)
      for (const ws of wss.clients) ws.terminate()
      wss.close()
      server.close(() => resolve())
      server.closeAllConnections()
    })
    return stopped
  }
  return { url, port: boundPort, stop }
}
