import type { FrameBox, FrameHost } from './types.ts'

// Above the modal's overlay (--latch-z-index, 2147483000 by default) and its snackbar.
const SHOWN_Z_INDEX = '2147483646'
// The modal slides in for 150 ms; the placeholder moves with it without resizing.
const FOLLOW_ANIMATION_MS = 600

/**
 * The wallet frame as an iframe appended to document.body: hidden (0 x 0, invisible) until an
 * approval shows. Styled through the CSSOM only, so a page under `style-src 'self'` allows it.
 */
export function createIframeHost(src: string, doc: Document = document): FrameHost {
  const iframe = doc.createElement('iframe')
  iframe.title = 'Latch wallet'
  iframe.setAttribute('data-latch-frame', '')
  iframe.src = src
  const style = iframe.style
  style.position = 'fixed'
  style.border = '0'
  style.margin = '0'
  style.padding = '0'
  style.background = 'transparent'
  style.colorScheme = 'normal'
  style.zIndex = SHOWN_Z_INDEX
  const hide = () => {
    style.visibility = 'hidden'
    style.top = '0'
    style.left = '0'
    style.width = '0'
    style.height = '0'
  }
  hide()
  doc.body.appendChild(iframe)
  return {
    get window() {
      return iframe.contentWindow
    },
    show(box) {
      style.top = `${box.top}px`
      style.left = `${box.left}px`
      style.width = `${box.width}px`
      style.height = `${box.height}px`
      style.visibility = 'visible'
    },
    hide,
    focus: () => iframe.focus(),
    remove: () => iframe.remove(),
  }
}

/**
 * Keeps `place` told where `element` is on screen: on resize (ResizeObserver, window), on scroll,
 * and frame by frame while the modal animates in. Returns the function that stops following.
 */
export function followElement(element: Element, place: (box: FrameBox) => void): () => void {
  let last: FrameBox | undefined
  const update = () => {
    const rect = element.getBoundingClientRect()
    const box = { top: rect.top, left: rect.left, width: rect.width, height: rect.height }
    if (
      last &&
      last.top === box.top &&
      last.left === box.left &&
      last.width === box.width &&
      last.height === box.height
    )
      return
    last = box
    place(box)
  }
  update()
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update)
  observer?.observe(element)
  const view = element.ownerDocument.defaultView
  view?.addEventListener('resize', update)
  // Capture: a scroll inside the modal's card moves the placeholder too.
  view?.addEventListener('scroll', update, true)
  view?.addEventListener('animationend', update, true)
  let frame = 0
  const until = Date.now() + FOLLOW_ANIMATION_MS
  const tick = () => {
    update()
    frame = Date.now() < until && view ? view.requestAnimationFrame(tick) : 0
  }
  if (view) frame = view.requestAnimationFrame(tick)
  return () => {
    observer?.disconnect()
    view?.removeEventListener('resize', update)
    view?.removeEventListener('scroll', update, true)
    view?.removeEventListener('animationend', update, true)
    if (frame) view?.cancelAnimationFrame(frame)
  }
}
