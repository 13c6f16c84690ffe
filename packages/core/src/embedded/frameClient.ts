import {
  APP_MESSAGE_PREFIX,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_MESSAGE_PREFIX,
  FRAME_PAGE_PATH,
  FRAME_READY_DELAY_MS,
  FRAME_REQUEST_TIMEOUT_MS,
  type FrameEventName,
  type FrameRequestName,
} from '@latch/protocol/frame'
import { KNOWN_ALERTS } from '../alerts/knownAlerts.ts'
import type { KnownAlert } from '../alerts/types.ts'
import { createStore } from '../store.ts'
import { FrameLoadError, FrameRequestError, FrameTimeoutError } from './errors.ts'
import { createIframeHost } from './frameElement.ts'
import {
  defaultTimers,
  type FrameClient,
  type FrameHost,
  type FrameStatus,
  type IncomingMessage,
  type MessageSource,
  type Timers,
} from './types.ts'

export type FrameClientOptions = {
  /** The frame's origin, e.g. `http://127.0.0.1:8788`. */
  frameUrl: string
  projectId: string
  alerts: { raise(alert: KnownAlert): void }
  /** Makes the frame element for the page URL; default an iframe appended to document.body. */
  createHost?: (src: string) => FrameHost
  /** Where the frame's messages arrive; default the page's window. */
  messages?: MessageSource
  timers?: Timers
  /** A fresh request id; default 16 random bytes in hex. */
  createId?: () => string
}

type Pending = {
  name: FrameRequestName
  resolve(result: unknown): void
  reject(error: Error): void
  timer: unknown
}

type Listener = (payload: never) => void

/** The frame page's URL for a project: `${origin}/frame?projectId=...`. */
export function framePageUrl(frameUrl: string, projectId: string): string {
  const url = new URL(FRAME_PAGE_PATH, frameUrl)
  url.searchParams.set('projectId', projectId)
  return url.toString()
}

function randomId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * The kit's side of the wallet-frame protocol: mounts the frame once, accepts a message
 * only from the frame's window and origin, matches answers to requests by id, and applies the
 * load timeout (20 s), the ready delay (500 ms) and the request timeout (30 s).
 * @example const frame = createFrameClient({ frameUrl, projectId, alerts }); await frame.request('IS_CONNECTED', {})
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const origin = new URL(options.frameUrl).origin
  const timers = options.timers ?? defaultTimers
  const createId = options.createId ?? randomId
  const state = createStore<{ status: FrameStatus }>({ status: 'unloaded' })
  const pending = new Map<string, Pending>()
  const listeners = new Map<FrameEventName, Set<Listener>>()
  let host: FrameHost | undefined
  let messages: MessageSource | undefined
  let loadTimer: unknown
  let ready: Promise<void> | undefined
  let settleReady: { resolve(): void; reject(error: Error): void } | undefined

  function deferReady() {
    ready = new Promise<void>((resolve, reject) => {
      settleReady = { resolve, reject }
    })
    // A failed load is reported through the alert; a rejection nobody awaited must not crash.
    ready.catch(() => {})
  }

  function onReady() {
    const status = state.get().status
    if (status === 'ready') return
    timers.clearTimeout(loadTimer)
    // A frame that answers after the load timeout still becomes usable.
    if (status === 'failed') deferReady()
    const settle = settleReady
    // The frame gets a moment (FRAME_READY_DELAY_MS) after READY before the first request.
    timers.setTimeout(() => {
      state.set({ status: 'ready' })
      settle?.resolve()
    }, FRAME_READY_DELAY_MS)
  }

  function onMessage(event: IncomingMessage) {
    // Only the frame's own window, on the frame's origin: anything else is ignored.
    if (!host || event.source !== host.window || event.origin !== origin) return
    const { data } = event
    if (!isRecord(data) || typeof data.type !== 'string') return
    if (!data.type.startsWith(FRAME_MESSAGE_PREFIX)) return
    const name = data.type.slice(FRAME_MESSAGE_PREFIX.length)
    if (typeof data.id === 'string') {
      const entry = pending.get(data.id)
      if (!entry) return
      if (name === `${entry.name}_SUCCESS`) {
        settle(data.id, entry)
        entry.resolve(data.payload)
      } else if (name === `${entry.name}_ERROR`) {
        const payload = isRecord(data.payload) ? data.payload : {}
        const message =
          typeof payload.message === 'string' ? payload.message : 'Something went wrong'
        const code = typeof payload.code === 'number' ? payload.code : undefined
        settle(data.id, entry)
        entry.reject(new FrameRequestError(message, code))
      }
      return
    }
    if (name === 'READY') onReady()
    if (name === 'APPROVAL_SHOWN' && isRecord(data.payload)) {
      // A human is looking at the approval screen: they take their time, no timeout.
      const entry = typeof data.payload.id === 'string' ? pending.get(data.payload.id) : undefined
      if (entry) timers.clearTimeout(entry.timer)
    }
    const subscribed = listeners.get(name as FrameEventName)
    if (subscribed) for (const listener of [...subscribed]) listener(data.payload as never)
  }

  function settle(id: string, entry: Pending) {
    timers.clearTimeout(entry.timer)
    pending.delete(id)
  }

  function mount(): Promise<void> {
    if (!host) {
      deferReady()
      messages = options.messages ?? (globalThis as unknown as MessageSource)
      messages.addEventListener('message', onMessage)
      state.set({ status: 'loading' })
      host = (options.createHost ?? createIframeHost)(
        framePageUrl(options.frameUrl, options.projectId),
      )
      loadTimer = timers.setTimeout(() => {
        if (state.get().status !== 'loading') return
        state.set({ status: 'failed' })
        options.alerts.raise(KNOWN_ALERTS.embeddedWalletLoadFailed)
        settleReady?.reject(new FrameLoadError())
      }, FRAME_LOAD_TIMEOUT_MS)
    }
    return ready as Promise<void>
  }

  const request: FrameClient['request'] = async (
    name,
    payload,
    { timeoutMs = FRAME_REQUEST_TIMEOUT_MS, alertOnTimeout = true } = {},
  ) => {
    await mount()
    const target = host?.window
    if (!target) throw new FrameLoadError('The wallet frame has no window.')
    const id = createId()
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs === null
          ? undefined
          : timers.setTimeout(() => {
              if (!pending.delete(id)) return
              if (alertOnTimeout) options.alerts.raise(KNOWN_ALERTS.embeddedWalletRequestTimedOut)
              reject(new FrameTimeoutError(name))
            }, timeoutMs)
      pending.set(id, { name, resolve: resolve as (result: unknown) => void, reject, timer })
      // Posted to the frame's origin only: another page in that window would not receive it.
      target.postMessage({ type: `${APP_MESSAGE_PREFIX}${name}`, id, payload }, origin)
    })
  }

  return {
    origin,
    state,
    mount,
    request,
    on(name, listener) {
      let set = listeners.get(name)
      if (!set) {
        set = new Set()
        listeners.set(name, set)
      }
      const entry = listener as Listener
      set.add(entry)
      return () => {
        set.delete(entry)
      }
    },
    show: (box) => host?.show(box),
    hide: () => host?.hide(),
    focus: () => host?.focus(),
    destroy() {
      timers.clearTimeout(loadTimer)
      messages?.removeEventListener('message', onMessage)
      host?.remove()
      host = undefined
      for (const [id, entry] of pending) {
        settle(id, entry)
        entry.reject(new FrameLoadError('The wallet frame was removed.'))
      }
      state.set({ status: 'unloaded' })
    },
  }
}
