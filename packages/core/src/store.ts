/** Something a view can read now and be told about when it changes (React's useSyncExternalStore fits). */
export interface ReadableStore<State> {
  get(): State
  subscribe(listener: (state: State, previous: State) => void): () => void
}

export interface Store<State extends object> extends ReadableStore<State> {
  /** Merges a partial state (or the result of an updater) and notifies listeners if anything changed. */
  set(update: Partial<State> | ((state: State) => Partial<State>)): void
}

/** A small observable state container; every Latch instance creates its own (no module singletons). */
export function createStore<State extends object>(initial: State): Store<State> {
  let state = initial
  const listeners = new Set<(state: State, previous: State) => void>()
  return {
    get: () => state,
    set(update) {
      const patch = typeof update === 'function' ? update(state) : update
      const changed = (Object.keys(patch) as (keyof State)[]).some(
        (key) => !Object.is(patch[key], state[key]),
      )
      if (!changed) return
      const previous = state
      state = { ...state, ...patch }
      for (const listener of listeners) listener(state, previous)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * A read-only view of one part of a store (an adapter's wallets, its connection), told only when
 * that part changes.
 * @example const wallets = selectStore(walletList, (state) => state.list)
 */
export function selectStore<State extends object, Part>(
  store: ReadableStore<State>,
  select: (state: State) => Part,
): ReadableStore<Part> {
  return {
    get: () => select(store.get()),
    subscribe: (listener) =>
      store.subscribe((state, previous) => {
        const part = select(state)
        const before = select(previous)
        if (!Object.is(part, before)) listener(part, before)
      }),
  }
}
