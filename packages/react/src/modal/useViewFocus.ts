import { type RefObject, useEffect } from 'react'
import { FOCUSABLE } from './useFocusTrap.ts'

/** The view's first control, else its heading: where focus goes when a view appears. */
function focusView(card: HTMLElement, heading: HTMLElement | null): void {
  const first = card.querySelector<HTMLElement>(`.latch-view :is(${FOCUSABLE})`)
  ;(first ?? heading ?? card).focus()
}

/**
 * Keeps keyboard focus in the open modal: each new view (`viewKey`) takes it to its first control
 * (its heading while it loads), and when a step inside a view removes the focused element, focus
 * goes there again instead of falling to the page's `<body>`, where a keyboard or screen-reader
 * user would lose their place.
 */
export function useViewFocus(
  card: RefObject<HTMLElement | null>,
  heading: RefObject<HTMLElement | null>,
  viewKey: string,
  open: boolean,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey is the trigger: each new view runs this again.
  useEffect(() => {
    const node = card.current
    if (!open || !node) return
    // Focus already in the new view (a field that focuses itself) stays where it is.
    if (!node.querySelector('.latch-view')?.contains(document.activeElement))
      focusView(node, heading.current)
  }, [card, heading, viewKey, open])

  useEffect(() => {
    const node = card.current
    if (!open || !node) return
    const lost = () => document.activeElement === document.body || document.activeElement === null
    const observer = new MutationObserver(() => {
      if (lost()) focusView(node, heading.current)
    })
    observer.observe(node, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [card, heading, open])
}
