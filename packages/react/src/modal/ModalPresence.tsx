import { whenIdle } from '@latch/core'
import * as React from 'react'
import { type ComponentType, type ReactNode, type RefObject, useEffect } from 'react'
import { mark, PRERENDERED } from './marks.ts'
import { warmLayout } from './warmLayout.ts'

const WARM_TRIES = 5

/**
 * React's Activity (19.2 on), which renders a tree hidden with its effects held back. React 18 has
 * none: there the modal renders when it opens, without the head start.
 */
const Activity = (
  React as { Activity?: ComponentType<{ mode: 'visible' | 'hidden'; children: ReactNode }> }
).Activity

/**
 * The open modal's tree: shown while `open`; rendered hidden (React's Activity: no effects, not
 * displayed) while `prerender`, and laid out once unseen, so its first open only reveals it;
 * nothing otherwise. `root` holds the tree (the `.latch-root` element).
 */
export function ModalPresence({
  open,
  prerender,
  root,
  children,
}: {
  open: boolean
  prerender: boolean
  root: RefObject<HTMLElement | null>
  children: ReactNode
}) {
  useEffect(() => {
    if (!prerender || !Activity) return
    let tries = 0
    let cancel = () => {}
    // React commits the hidden tree at its lowest priority: wait for it, a few idle moments at most.
    const warm = () => {
      const hidden = [...(root.current?.children ?? [])].find(
        (child): child is HTMLElement =>
          child instanceof HTMLElement && child.style.display === 'none',
      )
      if (hidden) {
        warmLayout(hidden)
        mark(PRERENDERED)
      } else if (++tries < WARM_TRIES) cancel = whenIdle(warm)
    }
    cancel = whenIdle(warm)
    return () => cancel()
  }, [prerender, root])
  if (!open && !prerender) return null
  if (!Activity) return open ? children : null
  return <Activity mode={open ? 'visible' : 'hidden'}>{children}</Activity>
}
