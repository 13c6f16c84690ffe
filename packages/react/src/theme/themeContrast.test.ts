import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { contrastRatio, mixSrgb, parseHex, type Rgb } from './contrast.fixture.ts'

// WCAG 2.2 AA: text 4.5:1 (1.4.3), parts of controls and focus indicators 3:1 (1.4.11).
const TEXT = 4.5
const UI = 3

type Variables = Record<string, string>

/** The custom properties declared in the first CSS block whose selector is `selector`. */
function block(css: string, selector: string): Variables {
  const start = css.indexOf(`${selector} {`)
  if (start < 0) throw new Error(`no ${selector} block`)
  const body = css.slice(start, css.indexOf('}', start))
  return Object.fromEntries(
    [...body.matchAll(/(--latch-[\w-]+):\s*([^;]+);/g)].map((match) => [match[1], match[2]]),
  )
}

/** A variable's colour: a hex value, another variable, or `color-mix(in srgb, ...)` of those. */
function resolve(variables: Variables, value: string): Rgb {
  const text = value.trim()
  const reference = /^var\((--[\w-]+)\)$/.exec(text)
  if (reference?.[1]) {
    const next = variables[reference[1]]
    if (!next) throw new Error(`${reference[1]} is not set`)
    return resolve(variables, next)
  }
  const mix = /^color-mix\(in srgb, (.+) (\d+)%, (.+)\)$/.exec(text)
  if (mix?.[1] && mix[2] && mix[3])
    return mixSrgb(resolve(variables, mix[1]), Number(mix[2]) / 100, resolve(variables, mix[3]))
  return parseHex(text)
}

function theme(css: string, root: string, light: string) {
  const dark = block(css, root)
  return {
    dark,
    light: { ...dark, ...block(css, light) },
  }
}

function ratios(variables: Variables, pairs: readonly (readonly [string, string, number])[]) {
  const color = (name: string) => resolve(variables, name.startsWith('--') ? `var(${name})` : name)
  return pairs.map(([foreground, background, minimum]) => ({
    pair: `${foreground} on ${background}`,
    minimum,
    ratio: Math.floor(contrastRatio(color(foreground), color(background)) * 100) / 100,
  }))
}

const MODAL_PAIRS = [
  ['--latch-foreground', '--latch-background', TEXT],
  ['--latch-foreground', '--latch-surface', TEXT],
  ['--latch-foreground', '--latch-surface-hover', TEXT],
  ['--latch-muted', '--latch-background', TEXT],
  ['--latch-muted', '--latch-surface', TEXT],
  ['--latch-accent-foreground', '--latch-accent', TEXT],
  ['--latch-accent-text', '--latch-background', TEXT],
  ['--latch-accent-text', '--latch-surface', TEXT],
  // The accent tag: its text on the accent's 20% tint over a list item.
  [
    '--latch-accent-text',
    'color-mix(in srgb, var(--latch-accent) 20%, var(--latch-surface))',
    TEXT,
  ],
  ['--latch-error', '--latch-background', TEXT],
  ['--latch-error', '--latch-surface', TEXT],
  ['--latch-success', '--latch-background', TEXT],
  ['--latch-success', '--latch-surface', TEXT],
  ['--latch-accent', '--latch-background', UI],
  ['--latch-focus-ring', '--latch-background', UI],
  ['--latch-focus-ring', '--latch-surface', UI],
] as const

const FRAME_PAIRS = [
  ['--latch-foreground', '--latch-background', TEXT],
  ['--latch-foreground', '--latch-surface', TEXT],
  ['--latch-muted', '--latch-background', TEXT],
  ['--latch-muted', '--latch-surface', TEXT],
  ['--latch-accent-foreground', '--latch-accent', TEXT],
  ['--latch-focus-ring', '--latch-background', UI],
  ['--latch-focus-ring', '--latch-surface', UI],
] as const

const below = (list: ReturnType<typeof ratios>) => list.filter((row) => row.ratio < row.minimum)

describe("the themes' colours meet WCAG 2.2 AA contrast", () => {
  const modal = theme(
    readFileSync(new URL('../styles.css', import.meta.url), 'utf8'),
    '.latch-root',
    '.latch-root[data-theme="light"]',
  )
  const frame = theme(
    readFileSync(new URL('../../../wallet-frame/src/frame.css', import.meta.url), 'utf8'),
    ':root',
    ':root[data-theme="light"]',
  )

  it.each(['dark', 'light'] as const)('the modal, %s: every text and UI pair', (mode) => {
    const list = ratios(modal[mode], MODAL_PAIRS)
    expect(list).toHaveLength(MODAL_PAIRS.length)
    expect(below(list)).toEqual([])
  })

  it.each(['dark', 'light'] as const)(
    "the wallet frame's approval screen, %s: every text and UI pair",
    (mode) => {
      expect(below(ratios(frame[mode], FRAME_PAIRS))).toEqual([])
    },
  )

  it('measures as WCAG does, and fails the old accent', () => {
    expect(contrastRatio(parseHex('#000'), parseHex('#fff'))).toBeCloseTo(21, 5)
    expect(contrastRatio(parseHex('#777777'), parseHex('#ffffff'))).toBeCloseTo(4.48, 2)
    // White on the accent the modal had before: 3.77:1, too little for its buttons' labels.
    expect(contrastRatio(parseHex('#ffffff'), parseHex('#4b7bff'))).toBeLessThan(TEXT)
  })
})
