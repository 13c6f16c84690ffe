import { type ViewName, whenIdle } from '@latch/core'
import { useEffect } from 'react'
import { useLatchInstance } from '../context.ts'
import { readPromise } from '../suspense/readPromise.ts'
import { VIEW_REGISTRY } from '../views/registry.tsx'
import { loadView, preloadViews } from './loadView.ts'

/**
 * The modal's current view: at once when its code is loaded (the page preloads it), else after a
 * Suspense fallback. Once shown, the views it leads to load while the page is idle.
 */
export function ViewHost({ name }: { name: ViewName }) {
  const latch = useLatchInstance()
  useEffect(
    () => whenIdle(() => void preloadViews(latch, VIEW_REGISTRY[name]?.next ?? [])),
    [latch, name],
  )
  // Always through readPromise, loaded or not: a render that suspended on it must call it again
  // when it resumes (React warns otherwise); a loaded view's promise is settled, so nothing waits.
  const loading = loadView(latch, name)
  const View = loading ? readPromise(loading) : undefined
  return View ? <View /> : null
}
