import type { Latch, ViewName } from '@latch/core'
import type { ComponentType } from 'react'
import { VIEW_REGISTRY } from '../views/registry.tsx'

type Loaded = { promise: Promise<ComponentType>; component?: ComponentType }

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

/** The view's component once loaded, so the modal renders it in the same frame (no fallback). */
export function loadedView(latch: Latch, name: ViewName): ComponentType | undefined {
  return loads.get(latch)?.get(name)?.component
}

/** Loads the view once (again after a failure) with what its flow needs; undefined for no view. */
export function loadView(latch: Latch, name: ViewName): Promise<ComponentType> | undefined {
  const map = loadsOf(latch)
  const known = map.get(name)
  if (known) return known.promise
  const entry = VIEW_REGISTRY[name]
  if (!entry) return undefined
  const loaded: Loaded = {
    promise: entry.load(latch).then(
      (component) => {
        loaded.component = component
        return component
      },
      (error: unknown) => {
        map.delete(name)
        throw error
      },
    ),
  }
  map.set(name, loaded)
  return loaded.promise
}

/** Loads `names` ahead of need; a failure is left for the visit that needs the view to see. */
export async function preloadViews(latch: Latch, names: readonly ViewName[]): Promise<void> {
  await Promise.all(names.map((name) => loadView(latch, name)?.catch(() => {})))
}
