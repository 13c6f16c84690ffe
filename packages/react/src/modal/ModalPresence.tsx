import { whenIdle } from '@latch/core'
import { Activity, type ReactNode, type RefObject, useEffect } from 'react'
import { mark, PRERENDERED } from './marks.ts'
import { warmLayout } from './warmLayout.ts'

const WARM_TRIES = 5

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
    if (!prerender) return
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
  return <Activity mode={open ? 'visible' : 'hidden'}>{children}</Activity>
}
