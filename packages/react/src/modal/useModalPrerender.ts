import type { Latch } from '@latch/core'
import { useEffect, useState } from 'react'
import { usePreloadOnIdle } from './usePreloadOnIdle.ts'

/**
 * Whether the closed modal should be rendered hidden (React's Activity): once its views are
 * preloaded and until it first opens. Rendering it ahead, while the page is idle, runs its code
 * once, so the first open shows in one frame as later ones do; its effects wait for the open.
 */
export function useModalPrerender(latch: Latch, open: boolean): boolean {
  const preloaded = usePreloadOnIdle(latch)
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    if (open) setOpened(true)
  }, [open])
  return preloaded && !opened && !open
}
