import type { Frame, Page } from '@playwright/test'
import axe, { type AxeResults, type RunOptions } from 'axe-core'

/** The WCAG 2.2 success criteria at levels A and AA, as axe tags them. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/**
 * One way a visitor sees the modal: its theme, the page's writing direction and language. A new
 * language (a right-to-left one, say) is one more entry in the list a spec loops over.
 */
export type A11yPass = { theme: 'dark' | 'light'; dir: 'ltr' | 'rtl'; locale: string }

/** The page as the tests load it, and the one each check leaves it in. */
export const ENGLISH_DARK: A11yPass = { theme: 'dark', dir: 'ltr', locale: 'en-US' }
export const ARABIC_DARK: A11yPass = { theme: 'dark', dir: 'rtl', locale: 'ar' }

export const A11Y_PASSES: readonly A11yPass[] = [
  ENGLISH_DARK,
  { ...ENGLISH_DARK, theme: 'light' },
  // Right to left in Arabic, in both themes: other words, wrapped and mirrored, lie on other
  // parts of the background, so the colours are checked again too.
  ARABIC_DARK,
  { ...ARABIC_DARK, theme: 'light' },
]

/** In English, left to right: for a screen the wallet frame drew in English. */
export const LTR_PASSES = A11Y_PASSES.filter((pass) => pass.dir === 'ltr')
/** In Arabic, right to left: for a screen the wallet frame drew in Arabic. */
export const RTL_PASSES = A11Y_PASSES.filter((pass) => pass.dir === 'rtl')

export const passName = (pass: A11yPass) => `${pass.theme}/${pass.dir}/${pass.locale}`

/** The wallet frame's iframe (the kit titles it). */
export const FRAME_SELECTOR = 'iframe[title="Latch wallet"]'

/**
 * Puts the demo's kit in `pass`'s theme and language (its modal then takes the language's
 * direction) and the page in its direction and language; waits until the modal speaks it, and
 * with `frame` until the wallet frame's own page wears the theme and the language too (the kit
 * sends them; the page's attributes say nothing of the frame's).
 */
export async function applyPass(page: Page, pass: A11yPass, frame = false): Promise<void> {
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
  const worn = `[data-theme="${pass.theme}"][lang="${language}"][dir="${pass.dir}"]`
  await page.locator(`.latch-root${worn}`).first().waitFor({ state: 'attached' })
  if (frame)
    await page.frameLocator(FRAME_SELECTOR).locator(`html${worn}`).waitFor({ state: 'attached' })
}

const MODAL = '[data-testid="latch-modal"]'

/**
 * The rules whose outcome a theme can change (colours); the others read the markup and its
 * layout, the same in every theme of one language and direction, so one full run in each of those
 * and these in its other theme check it all.
 */
const APPEARANCE_RULES = ['color-contrast', 'link-in-text-block']

/** One failed axe rule on one screen, in a line a reader can act on. */
export type A11yFinding = string

/** The kit's languages whose letters join or stack as they are drawn (Arabic, Hindi). */
const JOINED_SCRIPTS = '[\\p{Script=Arabic}\\p{Script=Devanagari}]'
/** The line of axe's icon-ligature test that lets through text it need not measure. */
const LIGATURE_TEST = 'if (!sanitize_default(nodeValue) || has_unicode_default(nodeValue, {'

/**
 * Axe's source with one change, so the contrast of Arabic text is checked at all. Axe leaves out
 * the text of icon fonts (a word drawn as one glyph), which it tells by the word drawing narrower
 * than its letters drawn one by one; joined Arabic letters always do, so without this axe took
 * every Arabic word for an icon and checked the contrast of none. Text in those scripts is text.
 */
const AXE_SOURCE = (() => {
  if (!axe.source.includes(LIGATURE_TEST))
    throw new Error('axe-core changed its icon-ligature test: update AXE_SOURCE in e2e/a11y.ts')
  return axe.source.replace(
    LIGATURE_TEST,
    `if (!sanitize_default(nodeValue) || /${JOINED_SCRIPTS}/u.test(nodeValue) || has_unicode_default(nodeValue, {`,
  )
})()

/**
 * Axe in the page or frame itself, injected once per document: a run then costs only the checks
 * (@axe-core/playwright's builder injects it into every frame again on each run, a second a
 * run). On what `selector` holds, else on the whole document.
 */
async function runAxe(
  target: Page | Frame,
  selector: string | undefined,
  options: RunOptions,
): Promise<AxeResults> {
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(AXE_SOURCE)
  return target.evaluate(
    ({ selector, options }) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        selector === undefined ? document : { include: [selector] },
        options,
      ),
    { selector, options },
  )
}

/** The text of each element of the modal whose colours fail axe's contrast rule. */
export async function contrastFailures(page: Page): Promise<string[]> {
  const results = await runAxe(page, MODAL, {
    runOnly: { type: 'rule', values: ['color-contrast'] },
    iframes: false,
  })
  const targets = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => String(node.target[0])),
  )
  return page.evaluate(
    (selectors) => selectors.map((selector) => document.querySelector(selector)?.textContent ?? ''),
    targets,
  )
}

/** Each violation in `results` as a line naming `screen`, the rule and the nodes. */
function findingsOf(screen: string, where: string, results: AxeResults): A11yFinding[] {
  // A selector that matched nothing checks nothing: that is a finding, not a pass.
  if (results.passes.length === 0 && results.violations.length === 0) {
    // What axe could not decide says why (text it cannot see, a background it cannot tell).
    const undecided = results.incomplete.map(
      (rule) =>
        `${rule.id}: ${rule.nodes
          .map(
            (node) =>
              `${node.target.join(' ')} ${node.any.map((check) => check.message).join('; ')}`,
          )
          .join(' | ')}`,
    )
    return [`${screen}: axe checked nothing in ${where} (undecided: ${undecided.join(' / ')})`]
  }
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
 * Runs axe's WCAG 2.2 A/AA rules on what `selector` holds (the modal by default; with `frame`, an
 * iframe, then the whole page inside it) and returns each violation as a line naming `screen`,
 * the rule and the nodes.
 */
export async function axeFindings(
  page: Page,
  screen: string,
  options: {
    selector?: string
    frame?: boolean
    /** 'appearance': the colour rules alone; default: all. */
    rules?: 'appearance'
  } = {},
): Promise<A11yFinding[]> {
  const selector = options.selector ?? MODAL
  // What is checked is on screen: a run over a hidden one would check nothing.
  const element = page.locator(selector)
  await element.waitFor({ state: 'visible' })
  const runOnly: RunOptions['runOnly'] =
    options.rules === 'appearance'
      ? { type: 'rule', values: APPEARANCE_RULES }
      : { type: 'tag', values: WCAG_22_AA }
  const runOptions: RunOptions = { runOnly, iframes: false }
  if (!options.frame) return findingsOf(screen, selector, await runAxe(page, selector, runOptions))
  const frame = await (await element.elementHandle())?.contentFrame()
  if (!frame) return [`${screen}: no frame in ${selector}`]
  // The iframe element's own rules (its title) run only with all of them.
  const own = options.rules === 'appearance' ? [] : [await runAxe(page, selector, runOptions)]
  return [
    ...own.flatMap((results) => findingsOf(screen, selector, results)),
    ...findingsOf(screen, `the page in ${selector}`, await runAxe(frame, undefined, runOptions)),
  ]
}

/**
 * Checks the screen now shown in every pass (theme, direction, language): every rule the first
 * time it is seen in a language and direction (its words and layout are new), the colour rules
 * alone in another theme of those (the markup is the same, its colours are not); the first pass is
 * applied again last so the page is left as it was. With `frame`, each pass waits for the wallet
 * frame to wear it too.
 */
export async function checkInEveryPass(
  page: Page,
  screen: string,
  passes: readonly A11yPass[] = A11Y_PASSES,
  target: { selector?: string; frame?: boolean } = {},
): Promise<A11yFinding[]> {
  const findings: A11yFinding[] = []
  const seen: A11yPass[] = []
  for (const pass of passes) {
    await applyPass(page, pass, target.frame)
    const sameText = seen.some((done) => done.dir === pass.dir && done.locale === pass.locale)
    const rules = sameText ? 'appearance' : undefined
    findings.push(
      ...(await axeFindings(page, `${screen} [${passName(pass)}]`, { ...target, rules })),
    )
    seen.push(pass)
  }
  const [first] = passes
  if (first) await applyPass(page, first, target.frame)
  return findings
}
