// Test helper: a frame client whose answers the test writes, for the flows built on the client
// (the client's own rules are tested against a fake peer in frameClient.test.ts).
import type {
  FrameEventName,
  FrameEvents,
  FrameRequestName,
  FrameRequests,
} from '@latch/protocol/frame'
import { createStore } from '../store.ts'
import { FrameRequestError } from './errors.ts'
import type { FrameBox, FrameClient } from './types.ts'

export type FrameHandlers = {
  [Name in FrameRequestName]?: (
    payload: FrameRequests[Name]['payload'],
  ) => FrameRequests[Name]['result'] | Promise<FrameRequests[Name]['result']>
}

export type TestFrame = FrameClient & {
  /** Every request, in order: name and payload. */
  readonly requests: { name: FrameRequestName; payload: unknown }[]
  /** Raises an event as the frame would. */
  emit<Name extends FrameEventName>(name: Name, payload: FrameEvents[Name]): void
  readonly shown: FrameBox[]
}

/** A frame that answers with `handlers`; a request without a handler fails as the frame would. */
export function createTestFrame(handlers: FrameHandlers = {}): TestFrame {
  const requests: TestFrame['requests'] = []
  const shown: FrameBox[] = []
  const listeners = new Map<FrameEventName, Set<(payload: never) => void>>()
  const state = createStore({ status: 'ready' as const })
  return {
    origin: 'http://frame.test',
    state,
    requests,
    shown,
    mount: async () => {},
    async request(name, payload) {
      requests.push({ name, payload })
      const handler = handlers[name] as ((payload: unknown) => unknown) | undefined
      if (!handler) throw new FrameRequestError(`No handler for ${name}`)
      return (await handler(payload)) as never
    },
    on(name, listener) {
      let set = listeners.get(name)
      if (!set) {
        set = new Set()
        listeners.set(name, set)
      }
      const entry = listener as (payload: never) => void
      set.add(entry)
      return () => {
        set.delete(entry)
      }
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) listener(payload as never)
    },
    show: (box) => shown.push(box),
    hide: () => {},
    focus: () => {},
    destroy: () => {},
  }
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
