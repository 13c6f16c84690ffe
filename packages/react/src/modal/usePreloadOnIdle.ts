import { type Latch, whenIdle } from '@latch/core'
import { useEffect, useState } from 'react'
import { firstViews } from '../views/registry.tsx'
import { preloadViews } from './loadView.ts'
import { mark, PRELOAD_END, PRELOAD_START } from './marks.ts'

/**
 * Once the page is idle after showing itself, loads the views the modal can open at (Connect, or
 * Account once connected, ...), so a click on the button opens it without a round trip; again
 * whenever the connection changes what those are. True once the first of these loads finished.
 */
export function usePreloadOnIdle(latch: Latch): boolean {
  const [preloaded, setPreloaded] = useState(false)
  useEffect(() => {
    let first = true
    let cancel = () => {}
    const schedule = () => {
      cancel()
      cancel = whenIdle(() => {
        const marked = first
        first = false
        if (marked) mark(PRELOAD_START)
        void preloadViews(latch, firstViews(latch)).then(() => {
          if (!marked) return
          mark(PRELOAD_END)
          setPreloaded(true)
        })
      })
    }
    schedule()
    const unsubscribe = latch.account.state.subscribe((state, previous) => {
      const status = (value: typeof state) => value.byNamespace[value.activeNamespace]?.status
      if (status(state) !== status(previous)) schedule()
    })
    return () => {
      cancel()
      unsubscribe()
    }
  }, [latch])
  return preloaded
}
