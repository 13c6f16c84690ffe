import { type RefObject, useLayoutEffect } from 'react'

/**
 * Keeps `outer`'s height at `inner`'s, so the card grows and shrinks with a CSS transition between
 * views instead of jumping. While it changes, `data-resizing` is set (the body hides its scroll bar
 * meanwhile); the first height is set before the first paint, so opening does not animate.
 */
export function useAnimatedHeight(
  outer: RefObject<HTMLElement | null>,
  inner: RefObject<HTMLElement | null>,
  active: boolean,
): void {
  useLayoutEffect(() => {
    const outerNode = outer.current
    const innerNode = inner.current
    if (!active || !outerNode || !innerNode) return
    let height = innerNode.offsetHeight
    outerNode.style.height = `${height}px`
    const settle = () => outerNode.removeAttribute('data-resizing')
    // No transition (prefers-reduced-motion): no transitionend will come to clear the mark.
    const animates = () => getComputedStyle(outerNode).transitionDuration !== '0s'
    const observer = new ResizeObserver(() => {
      const next = innerNode.offsetHeight
      if (next === height) return
      height = next
      if (animates()) outerNode.setAttribute('data-resizing', 'true')
      outerNode.style.height = `${next}px`
    })
    observer.observe(innerNode)
    outerNode.addEventListener('transitionend', settle)
    return () => {
      observer.disconnect()
      outerNode.removeEventListener('transitionend', settle)
      outerNode.style.height = ''
      settle()
    }
  }, [outer, inner, active])
}
