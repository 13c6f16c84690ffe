import { describe, expect, it, vi } from 'vitest'
import { createStore, selectStore } from './store.ts'

describe('createStore', () => {
  it('merges updates and tells listeners the new and previous state', () => {
    const store = createStore({ open: false, loading: false })
    const listener = vi.fn()
    store.subscribe(listener)
    store.set({ open: true })
    expect(store.get()).toEqual({ open: true, loading: false })
    expect(listener).toHaveBeenCalledWith(
      { open: true, loading: false },
      { open: false, loading: false },
    )
  })

  it('does not notify when nothing changed, and stops after unsubscribe', () => {
    const store = createStore({ count: 1 })
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.set({ count: 1 })
    expect(listener).not.toHaveBeenCalled()
    unsubscribe()
    store.set((state) => ({ count: state.count + 1 }))
    expect(listener).not.toHaveBeenCalled()
    expect(store.get().count).toBe(2)
  })

  it('keeps two stores apart', () => {
    const a = createStore({ view: 'Connect' })
    const b = createStore({ view: 'Connect' })
    a.set({ view: 'Account' })
    expect(b.get().view).toBe('Connect')
  })
})

describe('selectStore', () => {
  it('reads one part of a store and tells its listeners only when that part changes', () => {
    const store = createStore({ list: ['a'], status: 'idle' })
    const list = selectStore(store, (state) => state.list)
    const heard = vi.fn()
    const stop = list.subscribe(heard)
    expect(list.get()).toEqual(['a'])

    store.set({ status: 'busy' })
    expect(heard).not.toHaveBeenCalled()

    const next = ['a', 'b']
    store.set({ list: next })
    expect(heard).toHaveBeenCalledWith(next, ['a'])
    expect(list.get()).toBe(next)

    stop()
    store.set({ list: [] })
    expect(heard).toHaveBeenCalledTimes(1)
  })
})
