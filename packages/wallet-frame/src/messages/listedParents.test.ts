import { describe, expect, it } from 'vitest'
import { isListedParent, listedParentOrigins } from './listedParents.ts'

describe('listedParentOrigins', () => {
  it('reads the JSON list the server wrote into the page', () => {
    expect(listedParentOrigins('["http://127.0.0.1:5173","https://*.example.org"]')).toEqual([
      'http://127.0.0.1:5173',
      'https://*.example.org',
    ])
  })

  it('is empty without a list or with a malformed one, so the frame answers no one', () => {
    for (const content of [null, undefined, '', 'not json', '{"a":1}', '"http://x"'])
      expect(listedParentOrigins(content), String(content)).toEqual([])
    expect(listedParentOrigins('["https://a.example", 42, null]')).toEqual(['https://a.example'])
  })
})

describe('isListedParent', () => {
  const listed = ['http://127.0.0.1:5173', 'https://*.example.org']

  it("answers the project's own origins, wildcards included", () => {
    expect(isListedParent('http://127.0.0.1:5173', listed)).toBe(true)
    expect(isListedParent('https://shop.example.org', listed)).toBe(true)
  })

  it('refuses any other page, another localhost port too', () => {
    for (const origin of [
      'http://127.0.0.1:3000',
      'http://localhost:5173',
      'https://example.org',
      'http://shop.example.org',
    ])
      expect(isListedParent(origin, listed), origin).toBe(false)
    expect(isListedParent('http://127.0.0.1:5173', [])).toBe(false)
  })
})
