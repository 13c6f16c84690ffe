/**
 * A bare relay client for the relay's own tests: signs its auth JWT as @walletconnect/core does
 * (EdDSA, did:key issuer) and speaks raw JSON-RPC, so each test sees exactly what goes over the wire.
 */
import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import WebSocket from 'ws'
import { didKeyFromPublicKey } from './auth.ts'

export type ClientKeys = { privateKey: KeyObject; did: string }

export function generateClientKeys(): ClientKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const { x } = publicKey.export({ format: 'jwk' })
  return { privateKey, did: didKeyFromPublicKey(Buffer.from(x ?? '', 'base64url')) }
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

export function signAuth(
  keys: ClientKeys,
  options: { aud?: string; expiresInSeconds?: number } = {},
): string {
  const iat = Math.floor(Date.now() / 1000)
  const header = base64url({ alg: 'EdDSA', typ: 'JWT' })
  const payload = base64url({
    iss: keys.did,
    sub: randomBytes(32).toString('hex'),
    aud: options.aud ?? 'ws://127.0.0.1',
    iat,
    exp: iat + (options.expiresInSeconds ?? 86_400),
  })
  const signature = sign(null, Buffer.from(`${header}.${payload}`), keys.privateKey)
  return `${header}.${payload}.${signature.toString('base64url')}`
}

export type Incoming = { id: number; method: string; params: Record<string, unknown> }
export type Response = { id: unknown; result?: unknown; error?: { code: number; message: string } }

export type TestClient = {
  keys: ClientKeys
  socket: WebSocket
  /** Sends a request and resolves with the relay's whole response. */
  call(method: string, params?: unknown): Promise<Response>
  /** Sends raw text; resolves with the next response that has no matching request (id null). */
  sendRaw(text: string): Promise<Response>
  /** Every request the relay sent, in order (irn_subscription are acknowledged with true). */
  incoming: Incoming[]
  /** Resolves once `count` requests have arrived in all. */
  waitForIncoming(count: number): Promise<Incoming[]>
  close(): Promise<void>
}

export function relayUrlWith(url: string, query: Record<string, string | undefined>): string {
  const target = new URL(url)
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) target.searchParams.set(key, value)
  }
  return target.toString()
}

/** Opens a socket; rejects with the HTTP status when the relay refuses the upgrade. */
export function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('open', () => resolve(socket))
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`HTTP ${response.statusCode}`))
      socket.terminate()
    })
    socket.once('error', reject)
  })
}

export async function connectClient(
  relayUrl: string,
  keys = generateClientKeys(),
): Promise<TestClient> {
  const socket = await openSocket(
    relayUrlWith(relayUrl, { projectId: 'test', auth: signAuth(keys, { aud: relayUrl }) }),
  )
  let nextId = 1
  const pending = new Map<unknown, (response: Response) => void>()
  const orphans: ((response: Response) => void)[] = []
  const incoming: Incoming[] = []
  const waiters: { count: number; resolve: (all: Incoming[]) => void }[] = []

  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString())
    if (typeof frame.method === 'string') {
      incoming.push(frame)
      if (frame.method === 'irn_subscription') {
        socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      }
      for (const waiter of waiters.filter((w) => incoming.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(incoming.slice())
      }
      return
    }
    const resolve = pending.get(frame.id) ?? orphans.shift()
    pending.delete(frame.id)
    resolve?.(frame)
  })

  return {
    keys,
    socket,
    incoming,
    call(method, params) {
      const id = `${Date.now()}${nextId++}`
      return new Promise((resolve) => {
        pending.set(id, resolve)
        socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      })
    },
    sendRaw(text) {
      return new Promise((resolve) => {
        orphans.push(resolve)
        socket.send(text)
      })
    },
    waitForIncoming(count) {
      if (incoming.length >= count) return Promise.resolve(incoming.slice())
      return new Promise((resolve) => waiters.push({ count, resolve }))
    },
    close() {
      if (socket.readyState === WebSocket.CLOSED) return Promise.resolve()
      return new Promise((resolve) => {
        socket.once('close', () => resolve())
        socket.close()
      })
    },
  }
}

/** A random 32-byte topic, as WalletConnect draws them. */
export const randomTopic = () => randomBytes(32).toString('hex')
