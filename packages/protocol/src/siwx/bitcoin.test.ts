import { describe, expect, it } from 'vitest'
import { formatSiwbMessage, parseSiwbMessage, type SiwbMessage } from './bitcoin.ts'

describe('Sign In With Bitcoin messages', () => {
  const message: SiwbMessage = {
    domain: 'shop.example',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    statement: 'Sign in to the shop',
    uri: 'https://shop.example/login',
    version: '1',
    chainId: 'bip122:000000000019d6689c085ae165831e93',
    nonce: 'k3YbX9a2LmQ81zPw',
    issuedAt: '2026-11-24T10:00:00.000Z',
  }

  it("writes CAIP-122's layout with Bitcoin in the header, and reads it back", () => {
    const text = formatSiwbMessage(message)
    expect(text).toBe(
      [
        'shop.example wants you to sign in with your Bitcoin account:',
        'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        '',
        'Sign in to the shop',
        '',
        'URI: https://shop.example/login',
        'Version: 1',
        'Chain ID: bip122:000000000019d6689c085ae165831e93',
        'Nonce: k3YbX9a2LmQ81zPw',
        'Issued At: 2026-11-24T10:00:00.000Z',
      ].join('\n'),
    )
    expect(parseSiwbMessage(text, ['uri', 'version', 'nonce', 'issuedAt'])).toEqual(message)
  })

  it('names what is wrong: the header, the address, a missing field', () => {
    const text = formatSiwbMessage(message)
    expect(() => parseSiwbMessage(text.replace('Bitcoin', 'Solana'))).toThrow(
      'Invalid Sign In With Bitcoin message: the first line must be "<domain> wants you to sign in with your Bitcoin account:"',
    )
    expect(() => parseSiwbMessage(text.replace('f3t4', 'f3t5'))).toThrow(
      'address on the second line must be a Bitcoin address',
    )
    const { nonce: _nonce, ...withoutNonce } = message
    expect(() => parseSiwbMessage(formatSiwbMessage(withoutNonce), ['nonce'])).toThrow(
      'nonce is missing',
    )
  })
})
