import {
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  FRAME_REQUEST_TIMEOUT_MS,
} from '@latch/protocol/frame'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KNOWN_ALERTS } from '../alerts/knownAlerts.ts'
import { FrameLoadError, FrameRequestError, FrameTimeoutError } from './errors.ts'
import { createFrameClient } from './frameClient.ts'
import type { FrameHost, IncomingMessage, MessageSource } from './types.ts'

const FRAME_ORIGIN = 'http://127.0.0.1:8788'

type Posted = { message: { type: string; id: string; payload: unknown }; targetOrigin: string }

/** The page's window as the client sees it, and the frame's window on the other side. */
function setup() {
  const listeners = new Set<(event: IncomingMessage) => void>()
  const messages: MessageSource = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  }
  const posted: Posted[] = []
  const frameWindow = {
    postMessage: (message: unknown, targetOrigin: string) =>
      posted.push({ message: message as Posted['message'], targetOrigin }),
  }
  const hosts: string[] = []
  const host: FrameHost = {
    window: frameWindow,
    show: vi.fn(),
    hide: vi.fn(),
    focus: vi.fn(),
    remove: vi.fn(),
  }
  const alerts = { raise: vi.fn() }
  let next = 0
  const client = createFrameClient({
    frameUrl: `${FRAME_ORIGIN}/`,
    projectId: 'latch-dev',
    alerts,
    messages,
    createHost: (src) => {
      hosts.push(src)
      return host
    },
    createId: () => `id-${++next}`,
  })
  const deliver = (data: unknown, from: { source?: unknown; origin?: string } = {}) => {
    for (const listener of [...listeners])
      listener({ data, source: from.source ?? frameWindow, origin: from.origin ?? FRAME_ORIGIN })
  }
  const ready = async () => {
    const mounted = client.mount()
    deliver({ type: '@latch-frame/READY', payload: {} })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    await mounted
  }
  /** Lets the client post what it awaited (ready, then the request). */
  const flush = () => vi.advanceTimersByTimeAsync(0)
  return { client, posted, deliver, alerts, hosts, host, ready, flush, listeners }
}

describe('createFrameClient (origin checks, load and request timeouts)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('loads the frame page of the project once, on first need', async () => {
    const { client, hosts, ready } = setup()
    expect(hosts).toEqual([])
    await ready()
    await client.mount()
    expect(hosts).toEqual([`${FRAME_ORIGIN}/frame?projectId=latch-dev`])
    expect(client.state.get().status).toBe('ready')
  })

  it('raises "Embedded wallet load failed" when READY does not come within 20 s', async () => {
    const { client, alerts, posted } = setup()
    const mounted = client.mount()
    const asked = client.request('IS_CONNECTED', {})
    const failures = Promise.allSettled([mounted, asked])
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1)
    expect(alerts.raise).not.toHaveBeenCalled()
    expect(client.state.get().status).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    expect(alerts.raise).toHaveBeenCalledWith(KNOWN_ALERTS.embeddedWalletLoadFailed)
    expect(client.state.get().status).toBe('failed')
    const [mount, request] = await failures
    expect(mount.status === 'rejected' && mount.reason).toBeInstanceOf(FrameLoadError)
    expect(request.status === 'rejected' && request.reason).toBeInstanceOf(FrameLoadError)
    expect(posted).toEqual([])
    // Later requests fail at once, without another alert.
    await expect(client.request('IS_CONNECTED', {})).rejects.toThrow('Embedded wallet load failed')
    expect(alerts.raise).toHaveBeenCalledTimes(1)
  })

  it('waits 500 ms after READY before the first request', async () => {
    const { client, posted, deliver } = setup()
    const asked = client.request('IS_CONNECTED', {})
    deliver({ type: '@latch-frame/READY', payload: {} })
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS - 1)
    expect(posted).toEqual([])
    expect(client.state.get().status).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    expect(client.state.get().status).toBe('ready')
    expect(posted).toEqual([
      {
        message: { type: '@latch-app/IS_CONNECTED', id: 'id-1', payload: {} },
        targetOrigin: FRAME_ORIGIN,
      },
    ])
    deliver({
      type: '@latch-frame/IS_CONNECTED_SUCCESS',
      id: 'id-1',
      payload: { isConnected: true },
    })
    await expect(asked).resolves.toEqual({ isConnected: true })
  })

  it('matches answers to requests by id, whatever their order', async () => {
    const { client, deliver, ready, flush } = setup()
    await ready()
    const first = client.request('GET_USER', { chainId: 31337 })
    const second = client.request('IS_CONNECTED', {})
    await flush()
    deliver({
      type: '@latch-frame/IS_CONNECTED_SUCCESS',
      id: 'id-2',
      payload: { isConnected: false },
    })
    deliver({
      type: '@latch-frame/GET_USER_ERROR',
      id: 'id-1',
      payload: { message: 'Not signed in' },
    })
    await expect(second).resolves.toEqual({ isConnected: false })
    await expect(first).rejects.toThrow(new FrameRequestError('Not signed in'))
  })

  it('ignores answers from another origin, another window, or for another request', async () => {
    const { client, deliver, ready, flush } = setup()
    await ready()
    const asked = client.request('IS_CONNECTED', {})
    await flush()
    const forged = {
      type: '@latch-frame/IS_CONNECTED_SUCCESS',
      id: 'id-1',
      payload: { isConnected: true },
    }
    deliver(forged, { origin: 'https://evil.example' })
    deliver(forged, { source: { postMessage() {} } })
    deliver({ ...forged, type: '@latch-frame/GET_USER_SUCCESS' })
    deliver({ ...forged, id: 'id-9' })
    deliver('@latch-frame/IS_CONNECTED_SUCCESS')
    let settled = false
    void asked.then(
      () => (settled = true),
      () => (settled = true),
    )
    await flush()
    expect(settled).toBe(false)
    deliver({ ...forged, payload: { isConnected: false } })
    await expect(asked).resolves.toEqual({ isConnected: false })
  })

  it('ignores a READY from another origin', async () => {
    const { client, deliver, alerts } = setup()
    const mounted = client.mount().catch((error: unknown) => error)
    deliver({ type: '@latch-frame/READY', payload: {} }, { origin: 'https://evil.example' })
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS)
    expect(await mounted).toBeInstanceOf(FrameLoadError)
    expect(alerts.raise).toHaveBeenCalledWith(KNOWN_ALERTS.embeddedWalletLoadFailed)
  })

  it('fails a request after 30 s with "Embedded Wallet Request Timed Out"', async () => {
    const { client, deliver, ready, alerts, flush } = setup()
    await ready()
    const asked = client.request('CONNECT_OTP', { otp: '123456' }).catch((error: unknown) => error)
    await flush()
    await vi.advanceTimersByTimeAsync(FRAME_REQUEST_TIMEOUT_MS - 1)
    expect(alerts.raise).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(alerts.raise).toHaveBeenCalledWith(KNOWN_ALERTS.embeddedWalletRequestTimedOut)
    const error = await asked
    expect(error).toBeInstanceOf(FrameTimeoutError)
    expect((error as FrameTimeoutError).shortMessage).toBe('Embedded Wallet Request Timed Out')
    // A late answer changes nothing.
    deliver({ type: '@latch-frame/CONNECT_OTP_SUCCESS', id: 'id-1', payload: {} })
  })

  it('times a long poll out without an alert when asked to', async () => {
    const { client, ready, alerts, flush } = setup()
    await ready()
    const asked = client
      .request('CONNECT_DEVICE', {}, { alertOnTimeout: false })
      .catch((error: unknown) => error)
    await flush()
    await vi.advanceTimersByTimeAsync(FRAME_REQUEST_TIMEOUT_MS)
    expect(await asked).toBeInstanceOf(FrameTimeoutError)
    expect(alerts.raise).not.toHaveBeenCalled()
  })

  it('stops the clock of a request once its approval screen is shown', async () => {
    const { client, deliver, ready, alerts, flush } = setup()
    await ready()
    const events: unknown[] = []
    client.on('APPROVAL_SHOWN', (payload) => events.push(payload))
    const signed = client.request('RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x68690a', '0x0000000000000000000000000000000000000001'],
      chainId: 31337,
    })
    await flush()
    deliver({
      type: '@latch-frame/APPROVAL_SHOWN',
      payload: { id: 'id-1', method: 'personal_sign' },
    })
    expect(events).toEqual([{ id: 'id-1', method: 'personal_sign' }])
    await vi.advanceTimersByTimeAsync(5 * FRAME_REQUEST_TIMEOUT_MS)
    expect(alerts.raise).not.toHaveBeenCalled()
    deliver({
      type: '@latch-frame/RPC_REQUEST_ERROR',
      id: 'id-1',
      payload: { message: 'User rejected the request', code: 4001 },
    })
    const error = await signed.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(FrameRequestError)
    expect((error as FrameRequestError).code).toBe(4001)
  })

  it('tells subscribers the events the frame raises, and stops when unsubscribed', async () => {
    const { client, deliver, ready } = setup()
    await ready()
    const seen: unknown[] = []
    const stop = client.on('CHAIN_CHANGED', (payload) => seen.push(payload))
    deliver({ type: '@latch-frame/CHAIN_CHANGED', payload: { chainId: 31338 } })
    deliver(
      { type: '@latch-frame/CHAIN_CHANGED', payload: { chainId: 1 } },
      { origin: 'https://evil.example' },
    )
    stop()
    deliver({ type: '@latch-frame/CHAIN_CHANGED', payload: { chainId: 31337 } })
    expect(seen).toEqual([{ chainId: 31338 }])
  })

  it('removes the frame and fails what was waiting on destroy', async () => {
    const { client, ready, host, listeners, flush } = setup()
    await ready()
    const asked = client.request('IS_CONNECTED', {}).catch((error: unknown) => error)
    await flush()
    client.destroy()
    expect(await asked).toBeInstanceOf(FrameLoadError)
    expect(host.remove).toHaveBeenCalled()
    expect(listeners.size).toBe(0)
  })
})
