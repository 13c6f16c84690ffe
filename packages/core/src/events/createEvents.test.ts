import { describe, expect, it, vi } from 'vitest'
import { createEvents } from './createEvents.ts'

describe('createEvents', () => {
  it('hands each event to listeners and keeps the last one with its time', () => {
    const events = createEvents({ now: () => 1234 })
    const listener = vi.fn()
    const unsubscribe = events.subscribe(listener)
    events.emit({ type: 'track', event: 'CLICK_CANCEL_SIWX' })
    expect(listener).toHaveBeenCalledWith({ type: 'track', event: 'CLICK_CANCEL_SIWX' }, 1234)
    expect(events.state.get()).toEqual({
      lastEvent: { type: 'track', event: 'CLICK_CANCEL_SIWX' },
      timestamp: 1234,
    })
    unsubscribe()
    events.emit({ type: 'track', event: 'SIWX_AUTH_SUCCESS' })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(events.state.get().lastEvent?.event).toBe('SIWX_AUTH_SUCCESS')
  })

  it('keeps going when a listener throws, and logs it', () => {
    const logger = vi.fn()
    const events = createEvents({ logger })
    const after = vi.fn()
    events.subscribe(() => {
      throw new Error('analytics down')
    })
    events.subscribe(after)
    events.emit({ type: 'error', event: 'SIWX_AUTH_ERROR' })
    expect(after).toHaveBeenCalled()
    expect(logger).toHaveBeenCalledWith(
      expect.stringContaining('SIWX_AUTH_ERROR'),
      expect.any(Error),
    )
  })

  it('keeps two instances apart', () => {
    const a = createEvents()
    const b = createEvents()
    const listener = vi.fn()
    b.subscribe(listener)
    a.emit({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } })
    expect(listener).not.toHaveBeenCalled()
    expect(b.state.get().lastEvent).toBeUndefined()
  })
})
