import { describe, expect, it } from 'vitest'
import { resolveParentOrigin } from './parentOrigin.ts'

describe('resolveParentOrigin', () => {
  it('takes the first ancestor origin when the browser lists them', () => {
    const ancestorOrigins = ['https://site.example', 'https://top.example']
    expect(
      resolveParentOrigin({
        framed: true,
        ancestorOrigins,
        referrer: 'https://other.example/page',
      }),
    ).toBe('https://site.example')
  })

  it('falls back to the origin of the referrer', () => {
    expect(
      resolveParentOrigin({ framed: true, referrer: 'https://site.example:8443/shop?q=1#x' }),
    ).toBe('https://site.example:8443')
    expect(
      resolveParentOrigin({
        framed: true,
        ancestorOrigins: [],
        referrer: 'http://127.0.0.1:5173/',
      }),
    ).toBe('http://127.0.0.1:5173')
  })

  it('is null when the page is not framed', () => {
    expect(
      resolveParentOrigin({
        framed: false,
        ancestorOrigins: ['https://site.example'],
        referrer: '',
      }),
    ).toBeNull()
  })

  it('is null when the origin is unknown or not a web origin', () => {
    expect(resolveParentOrigin({ framed: true, referrer: '' })).toBeNull()
    expect(
      resolveParentOrigin({ framed: true, ancestorOrigins: ['null'], referrer: '' }),
    ).toBeNull()
    expect(resolveParentOrigin({ framed: true, referrer: 'file:///home/me/page.html' })).toBeNull()
    expect(resolveParentOrigin({ framed: true, referrer: 'not a url' })).toBeNull()
  })
})
