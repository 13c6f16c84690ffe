import { expect, type Page } from '@playwright/test'

/** What has keyboard focus, and whether a sighted keyboard user can see where it is. */
export type FocusState = {
  /** The focused element's accessible name as a test reads it: aria-label, else its text. */
  name: string
  tag: string
  onBody: boolean
  /** It matches `:focus-visible` and it, or the field around it, draws an outline or a box-shadow. */
  visible: boolean
}

export async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body)
      return { name: '', tag: 'body', onBody: true, visible: false }
    const ring = (node: Element) => {
      const style = getComputedStyle(node)
      const outline =
        style.outlineStyle !== 'none' &&
        Number.parseFloat(style.outlineWidth) > 0 &&
        style.outlineColor !== 'transparent'
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '')
    }
    // A field may draw the ring on its wrapper (`:focus-within`), around the input and its suffix.
    const wrapper = element.parentElement
    const label =
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement
        ? (element.labels?.[0]?.textContent ?? element.placeholder)
        : element.textContent)
    return {
      name: (label ?? '').replace(/\s+/g, ' ').trim(),
      tag: element.tagName.toLowerCase(),
      onBody: false,
      visible:
        element.matches(':focus-visible') &&
        (ring(element) || (!!wrapper?.matches(':focus-within') && ring(wrapper as Element))),
    }
  })
}

/** Focus is on something other than `<body>`, and shown. */
export async function expectVisibleFocus(page: Page, where = ''): Promise<FocusState> {
  const state = await focusState(page)
  expect(state.onBody, `focus fell to <body> ${where}`).toBe(false)
  expect(state.visible, `focus on <${state.tag}> "${state.name}" is not shown ${where}`).toBe(true)
  return state
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element's name matches `name`, checking at
 * every step that focus is shown and never on `<body>`; `max` presses a round, rounds for up to
 * 10 s, then it fails.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  options: { back?: boolean; max?: number } = {},
): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text))
  const seen: string[] = []
  // A view may show its title before its controls (its code, a quote, a list on its way): a
  // visitor goes round again once they are there, for as long as an expectation waits.
  const deadline = Date.now() + 10_000
  for (;;) {
    seen.length = 0
    for (let step = 0; step < (options.max ?? 25); step++) {
      const state = await focusState(page)
      if (!state.onBody && matches(state.name)) {
        await expectVisibleFocus(page, `on "${state.name}"`)
        return
      }
      seen.push(state.name)
      await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab')
      await expectVisibleFocus(page, `after Tab from "${state.name}"`)
    }
    if (Date.now() > deadline) break
    await page.waitForTimeout(250)
  }
  throw new Error(`no focusable "${String(name)}" within reach; passed ${seen.join(' | ')}`)
}

/** Tabs to `name` and presses Enter on it. */
export async function activate(page: Page, name: string | RegExp): Promise<void> {
  await tabTo(page, name)
  await page.keyboard.press('Enter')
}
