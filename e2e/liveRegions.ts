import type { Page } from '@playwright/test'

/** What a screen reader reads out unasked: the text of a status, alert or other live region. */
const LIVE_REGION =
  '[role="status"], [role="alert"], [role="log"], [aria-live]:not([aria-live="off"])'

/**
 * From the next page loaded on, records what the page's live regions say: the text of each one
 * that appears with words in it, or whose words change, in the order said. Call before `goto`.
 */
export async function recordLiveRegions(page: Page): Promise<void> {
  await page.addInitScript((selector) => {
    const said: string[] = []
    const last = new WeakMap<Element, string>()
    const say = (live: Element) => {
      const text = (live.textContent ?? '').replace(/\s+/g, ' ').trim()
      if (text === '' || last.get(live) === text) return
      last.set(live, text)
      said.push(text)
    }
    /** The region `node` is in, and with `inside` the regions it holds (a node just added). */
    const hear = (node: Node, inside: boolean) => {
      const element = node instanceof Element ? node : node.parentElement
      const region = element?.closest(selector)
      if (region) say(region)
      else if (inside && element) for (const live of element.querySelectorAll(selector)) say(live)
    }
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        hear(mutation.target, false)
        for (const added of mutation.addedNodes) hear(added, true)
      }
    }).observe(document, { subtree: true, childList: true, characterData: true })
    ;(window as unknown as { __latchLiveRegions: string[] }).__latchLiveRegions = said
  }, LIVE_REGION)
}

/** What the page's live regions said so far, oldest first (`recordLiveRegions` must be on). */
export function liveRegionsSaid(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...((window as unknown as { __latchLiveRegions?: string[] }).__latchLiveRegions ?? []),
  ])
}
