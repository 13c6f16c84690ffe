import { describe, expect, it } from 'vitest'
import { formatSiwsMessage, parseSiwsMessage, type SiwsMessage } from './siws.ts'

const ADDRESS = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

describe('Sign In With Solana messages', () => {
  const full: SiwsMessage = {
    domain: 'shop.example',
    address: ADDRESS,
    statement: 'Sign in to the shop',
    uri: 'https://shop.example/login',
    version: '1',
    chainId: 'devnet',
    nonce: 'k3YbX9a2LmQ81zPw',
    issuedAt: '2026-11-24T10:00:00.000Z',
    expirationTime: '2026-11-24T10:10:00.000Z',
    requestId: 'r-1',
    resources: ['https://shop.example/terms'],
  }

  it('writes the layout Solana wallets sign, and reads it back', () => {
    const text = formatSiwsMessage(full)
    expect(text).toBe(
      [
        'shop.example wants you to sign in with your Solana account:',
        ADDRESS,
        '',
        'Sign in to the shop',
        '',
        'URI: https://shop.example/login',
        'Version: 1',
        'Chain ID: devnet',
        'Nonce: k3YbX9a2LmQ81zPw',
        'Issued At: 2026-11-24T10:00:00.000Z',
        'Expiration Time: 2026-11-24T10:10:00.000Z',
        'Request ID: r-1',
        'Resources:',
        '- https://shop.example/terms',
      ].join('\n'),
    )
    expect(parseSiwsMessage(text)).toEqual(full)
  })

  it('reads a message without a statement (one blank line before the fields) or without fields', () => {
    const { statement: _statement, ...rest } = full
    expect(parseSiwsMessage(formatSiwsMessage(rest))).toEqual(rest)
    const bare = { domain: 'shop.example', address: ADDRESS }
    expect(formatSiwsMessage(bare)).toBe(
      `shop.example wants you to sign in with your Solana account:\n${ADDRESS}`,
    )
    expect(parseSiwsMessage(formatSiwsMessage(bare))).toEqual(bare)
  })

  it('names what is wrong', () => {
    const text = formatSiwsMessage(full)
    expect(() => parseSiwsMessage(text.replace('Solana', 'Ethereum'))).toThrow(
      'Invalid SIWS message: the first line must be',
    )
    expect(() => parseSiwsMessage(text.replace(ADDRESS, '0xabc'))).toThrow(
      'Invalid SIWS message: address on the second line must be a Solana address',
    )
    expect(() => parseSiwsMessage(text.replace('Nonce: k3YbX9a2LmQ81zPw', 'Nonce: short'))).toThrow(
      /Invalid SIWS message: nonce/,
    )
    expect(() => parseSiwsMessage(`${text}\nextra`)).toThrow('unexpected line 15')
    expect(() =>
      parseSiwsMessage(formatSiwsMessage({ domain: 'shop.example', address: ADDRESS }), ['nonce']),
    ).toThrow('Invalid SIWS message: nonce is missing')
  })
})
