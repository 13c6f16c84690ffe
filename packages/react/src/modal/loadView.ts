import type { Latch, ViewName } from '@latch/core'
import type { ComponentType } from 'react'
import { VIEW_REGISTRY } from '../views/registry.tsx'

type Loaded = { promise: Promise<ComponentType>; failed?: boolean }

// Per instance: a view is ready once its code and its flow's code (this instance's controller) are.
const loads = new WeakMap<Latch, Map<ViewName, Loaded>>()

function loadsOf(latch: Latch): Map<ViewName, Loaded> {
  let map = loads.get(latch)
  if (!map) {
    map = new Map()
    loads.set(latch, map)
  }
  return map
}

/**
 * Loads the view once with what its flow needs; undefined for no view. A failed load stays failed
 * (the view that waited for it renders again with the same promise, which then throws to the
 * modal's error boundary) until `forgetFailedView` clears it for a fresh try.
 */
export function loadView(latch: Latch, name: ViewName): Promise<ComponentType> | undefined {
  const map = loadsOf(latch)
  const known = map.get(name)
  if (known) return known.promise
  const entry = VIEW_REGISTRY[name]
  if (!entry) return undefined
  const loaded: Loaded = {
    promise: entry.load(latch).then(
      (component) => {
        // A settled promise's status and value are read at once (React's use(), or readPromise on
        // React 18): the modal then renders a loaded view in the same pass that waited for it.
        Object.assign(loaded.promise, { status: 'fulfilled', value: component })
        return component
      },
      (error: unknown) => {
        loaded.failed = true
        throw error
      },
    ),
  }
  map.set(name, loaded)
  return loaded.promise
}

/** Forgets a failed load of the view (a visit to it, or Retry): the next `loadView` tries again. */
export function forgetFailedView(latch: Latch, name: ViewName): void {
  const map = loads.get(latch)
  if (map?.get(name)?.failed) map.delete(name)
}

/** Loads `names` ahead of need, trying failed ones again; a failure is left for a visit to retry. */
export async function preloadViews(latch: Latch, names: readonly ViewName[]): Promise<void> {
  await Promise.all(
    names.map((name) => {
      forgetFailedView(latch, name)
      return loadView(latch, name)?.catch(() => {})
    }),
  )
}
