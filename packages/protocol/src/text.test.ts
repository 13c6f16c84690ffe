import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  CONTROL_CHARACTER_MESSAGE,
  hasLoneSurrogate,
  LONE_SURROGATE_MESSAGE,
  text,
  wholeNumberText,
} from './text.ts'

const refusal = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value)
  return result.success ? undefined : result.error.issues.map((issue) => issue.message)
}

describe('text', () => {
  it('refuses NUL and every other control character, alone or inside', () => {
    for (const control of ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f', '\t', '\n'])
      expect(refusal(text(), `a${control}b`), JSON.stringify(control)).toEqual([
        CONTROL_CHARACTER_MESSAGE,
      ])
  })

  it('takes any other text, and line breaks and tabs where it is multiline', () => {
    expect(refusal(text(), 'Zoë 👋 ünïcode, "quotes" & <tags>')).toBeUndefined()
    expect(refusal(text({ multiline: true }), 'line one\r\n\tline two')).toBeUndefined()
    expect(refusal(text({ multiline: true }), 'line\u0000')).toEqual([CONTROL_CHARACTER_MESSAGE])
  })

  it('refuses half of a surrogate pair without the other, wherever it stands', () => {
    for (const lone of ['\ud800', '\udbff', '\udc00', '\udfff'])
      for (const value of [lone, `a${lone}`, `${lone}b`, `a${lone}b`])
        expect(refusal(text({ multiline: true }), value), JSON.stringify(value)).toEqual([
          LONE_SURROGATE_MESSAGE,
        ])
    // Two lows, or a high after its low: each half stays alone.
    for (const value of ['\udc00\udc00', '\udc00\ud800', '\ud800\ud800'])
      expect(hasLoneSurrogate(value), JSON.stringify(value)).toBe(true)
  })

  it('takes every character written as a surrogate pair', () => {
    for (const value of ['👋', '\ud800\udc00', '\udbff\udfff', 'a😀b𝄞c'])
      expect(refusal(text(), value), JSON.stringify(value)).toBeUndefined()
    // The message names the escape as JSON writes it.
    expect(LONE_SURROGATE_MESSAGE).toContain('\\ud800')
  })

  it('keeps the checks chained after it, and says what a value of another type is', () => {
    expect(refusal(text().max(3), 'abcd\u0000')).toHaveLength(2)
    expect(refusal(text({ typeError: 'name must be text' }), 42)).toEqual(['name must be text'])
  })
})

describe('wholeNumberText', () => {
  it('reads digits only, so no space or control character passes as part of a number', () => {
    const page = wholeNumberText().pipe(z.number().min(1))
    expect(page.parse('12')).toBe(12)
    for (const value of ['1\u000b', ' 2', '1.5', '-1', '0x10', '1e3', ''])
      expect(refusal(page, value), JSON.stringify(value)).toBeDefined()
  })
})
