import { describe, expect, it } from 'vitest'
import { acceptAppMessage } from './acceptMessage.ts'

const parent = { name: 'parent window' }
const expected = { source: parent, origin: 'https://site.example' }
const valid = { type: '@latch-app/GET_USER', id: 'req-1', payload: { chainId: 1 } }

describe('acceptAppMessage', () => {
  it('accepts a known request from the parent window and origin', () => {
    expect(
      acceptAppMessage({ source: parent, origin: 'https://site.example', data: valid }, expected),
    ).toEqual({
      name: 'GET_USER',
      id: 'req-1',
      payload: { chainId: 1 },
    })
  })

  it('ignores a message from another window, even with the right origin', () => {
    const other = { name: 'a popup or sibling frame' }
    expect(
      acceptAppMessage({ source: other, origin: 'https://site.example', data: valid }, expected),
    ).toBeNull()
  })

  it('ignores a message from another origin, even from the parent window', () => {
    for (const origin of [
      'https://evil.example',
      'http://site.example',
      'https://site.example:444',
      'null',
    ]) {
      expect(acceptAppMessage({ source: parent, origin, data: valid }, expected)).toBeNull()
    }
  })

  it('ignores data that is not an app request', () => {
    const bad: unknown[] = [
      null,
      'string',
      42,
      [valid],
      { ...valid, type: '@latch-frame/GET_USER' },
      { ...valid, type: 'GET_USER' },
      { ...valid, type: 5 },
      { ...valid, type: '@latch-app/STEAL_KEY' },
      { ...valid, type: '@latch-app/toString' },
      { ...valid, type: '@latch-app/__proto__' },
      { type: valid.type, payload: {} },
      { ...valid, id: 7 },
      { ...valid, id: '' },
      { ...valid, id: 'x'.repeat(129) },
    ]
    for (const data of bad) {
      expect(
        acceptAppMessage({ source: parent, origin: 'https://site.example', data }, expected),
      ).toBeNull()
    }
  })

  it('accepts a request without payload (the handler reads it as empty)', () => {
    const data = { type: '@latch-app/IS_CONNECTED', id: 'a' }
    expect(
      acceptAppMessage({ source: parent, origin: 'https://site.example', data }, expected),
    ).toEqual({
      name: 'IS_CONNECTED',
      id: 'a',
      payload: undefined,
    })
  })
})
