import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import axe, { type AxeResults, type RunOptions } from 'axe-core'

/** The WCAG 2.2 success criteria at levels A and AA, as axe tags them. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/**
 * One way a visitor sees the modal: its theme, the page's writing direction and language. A new
 * language (a right-to-left one, say) is one more entry in the list a spec loops over.
 */
export type A11yPass = { theme: 'dark' | 'light'; dir: 'ltr' | 'rtl'; locale: string }

export const A11Y_PASSES: readonly A11yPass[] = [
  { theme: 'dark', dir: 'ltr', locale: 'en-US' },
  { theme: 'light', dir: 'ltr', locale: 'en-US' },
  // Right to left in Arabic: one theme is enough, as the colours are those checked above.
  { theme: 'dark', dir: 'rtl', locale: 'ar' },
]

/** The left-to-right passes alone, for screens whose markup a language does not change. */
export const LTR_PASSES = A11Y_PASSES.filter((pass) => pass.dir === 'ltr')

export const passName = (pass: A11yPass) => `${pass.theme}/${pass.dir}/${pass.locale}`

/**
 * Puts the demo's kit in `pass`'s theme and language (its modal then takes the language's
 * direction) and the page in its direction and language; waits until the modal speaks it.
 */
export async function applyPass(page: Page, pass: A11yPass): Promise<void> {
  await page.evaluate(({ theme, dir, locale }) => {
    const latch = (
      window as unknown as {
        latchDemo: { theme: { setThemeMode(m: string): void }; setLocale(l: string): void }
      }
    ).latchDemo
    latch.theme.setThemeMode(theme)
    latch.setLocale(locale)
    document.documentElement.dir = dir
    document.documentElement.lang = locale
  }, pass)
  // The kit's languages are by their first subtag; its catalogue chunk loads before it shows.
  const language = pass.locale.split('-')[0]
  await page
    .locator(`.latch-root[data-theme="${pass.theme}"][lang="${language}"][dir="${pass.dir}"]`)
    .first()
    .waitFor({ state: 'attached' })
}

const MODAL = '[data-testid="latch-modal"]'

/**
 * The rules whose outcome a theme can change (colours); the others read the markup, which is the
 * same in every theme, so one full run per screen and these in the other passes check it all.
 */
const APPEARANCE_RULES = ['color-contrast', 'link-in-text-block']

/** Axe's options turning the appearance rules off: the markup's rules alone. */
const WITHOUT_APPEARANCE: RunOptions['rules'] = Object.fromEntries(
  APPEARANCE_RULES.map((rule) => [rule, { enabled: false }]),
)

/** One failed axe rule on one screen, in a line a reader can act on. */
export type A11yFinding = string

/**
 * Axe in the page itself, injected once per document: a run then costs only the checks (the
 * builder injects its 500 KB into every frame on each run). For what lies outside any frame.
 */
async function runInPage(page: Page, selector: string, options: RunOptions): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(
    ({ selector, options }) =>
      (window as unknown as { axe: typeof axe }).axe.run({ include: [selector] }, options),
    { selector, options },
  )
}

/**
 * Runs axe's WCAG 2.2 A/AA rules on what `selector` holds (the modal by default; with `frame`, an
 * iframe and the page inside it) and returns each violation as a line naming `screen`, the rule
 * and the nodes.
 */
export async function axeFindings(
  page: Page,
  screen: string,
  options: {
    selector?: string
    frame?: boolean
    /** 'appearance': the colour rules alone; 'markup': every rule but those; default: all. */
    rules?: 'appearance' | 'markup'
  } = {},
): Promise<A11yFinding[]> {
  const selector = options.selector ?? MODAL
  const runOnly: RunOptions['runOnly'] =
    options.rules === 'appearance'
      ? { type: 'rule', values: APPEARANCE_RULES }
      : { type: 'tag', values: WCAG_22_AA }
  const rules = options.rules === 'markup' ? WITHOUT_APPEARANCE : undefined
  const results = options.frame
    ? await new AxeBuilder({ page }).include(selector).options({ runOnly, rules }).analyze()
    : await runInPage(page, selector, { runOnly, rules, iframes: false })
  // A selector that matched nothing checks nothing: that is a finding, not a pass.
  if (results.passes.length === 0 && results.violations.length === 0)
    return [`${screen}: axe checked nothing in ${selector}`]
  return results.violations.map(
    (violation) =>
      `${screen}: ${violation.id} (${violation.impact}) ${violation.help}: ${violation.nodes
        .map(
          (node) => `${node.target.join(' ')} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
        )
        .join(' | ')}`,
  )
}

/**
 * Checks the screen now shown in every pass (theme, direction, language): every rule in the first,
 * the colour rules in another theme, the markup's rules in another direction or language (its
 * markup and text differ, its colours are a theme's already checked); the first pass is applied
 * again last so the page is left as it was.
 */
export async function checkInEveryPass(
  page: Page,
  screen: string,
  passes: readonly A11yPass[] = A11Y_PASSES,
  target: { selector?: string; frame?: boolean } = {},
): Promise<A11yFinding[]> {
  const findings: A11yFinding[] = []
  const first = passes[0]
  for (const pass of passes) {
    await applyPass(page, pass)
    const sameText = pass.dir === first?.dir && pass.locale === first?.locale
    const rules = pass === first ? undefined : sameText ? 'appearance' : 'markup'
    findings.push(
      ...(await axeFindings(page, `${screen} [${passName(pass)}]`, { ...target, rules })),
    )
  }
  if (first) await applyPass(page, first)
  return findings
}
