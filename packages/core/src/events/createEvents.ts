import { createStore, type ReadableStore } from '../store.ts'
import type { EventListener, EventsState, LatchEvent } from './types.ts'

export type EventsDeps = {
  /** Defaults to `Date.now`. */
  now?: () => number
  /** Told when a listener throws; defaults to `console.warn`. */
  logger?: (message: string, error: unknown) => void
}

export type EventsController = {
  state: ReadableStore<EventsState>
  /** Records the event and hands it to every listener. */
  emit(event: LatchEvent): void
  /** Calls `listener` on each event from now on; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void
}

/**
 * Creates the event bus of one instance: every tracked event and error report goes through it.
 * @example events.emit({ type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'qrcode', name: 'Rainbow' } })
 */
export function createEvents(deps: EventsDeps = {}): EventsController {
  const now = deps.now ?? (() => Date.now())
  const log = deps.logger ?? ((message, error) => console.warn(`[latch] ${message}`, error))
  const store = createStore<EventsState>({ lastEvent: undefined, timestamp: undefined })
  const listeners = new Set<EventListener>()

  return {
    state: store,
    emit(event) {
      const timestamp = now()
      store.set({ lastEvent: event, timestamp })
      for (const listener of listeners) {
        // An analytics listener that fails must not break the flow that emitted the event.
        try {
          listener(event, timestamp)
        } catch (error) {
          log(`An event listener failed on ${event.event}`, error)
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
