import { parseSiwsMessage } from '@latch/protocol/siwx'
import { describe, expect, it } from 'vitest'
import { solanaSignInMessage } from './signIn.ts'

const ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

describe('solanaSignInMessage', () => {
  it('writes the fields as Sign In With Solana, the Chain ID being the CAIP-2 reference', () => {
    const text = solanaSignInMessage({
      domain: 'localhost:5173',
      caipAddress: `${DEVNET}:${ADDRESS}`,
      statement: 'Sign in to the demo',
      uri: 'http://localhost:5173',
      version: '1',
      nonce: 'abcdef123456',
      issuedAt: '2026-01-02T03:04:05.000Z',
    })
    expect(text).toBe(
      [
        'localhost:5173 wants you to sign in with your Solana account:',
        ADDRESS,
        '',
        'Sign in to the demo',
        '',
        'URI: http://localhost:5173',
        'Version: 1',
        'Chain ID: EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        'Nonce: abcdef123456',
        'Issued At: 2026-01-02T03:04:05.000Z',
      ].join('\n'),
    )
  })

  it('writes the optional fields in order and reads back to the same fields', () => {
    const fields = {
      domain: 'example.com',
      caipAddress: `${DEVNET}:${ADDRESS}` as const,
      uri: 'https://example.com/login',
      version: '1' as const,
      nonce: 'n0nceValue1',
      issuedAt: '2026-01-02T03:04:05.000Z',
      expirationTime: '2026-01-03T03:04:05.000Z',
      notBefore: '2026-01-02T03:00:00.000Z',
      requestId: 'request-7',
      resources: ['https://example.com/terms', 'ipfs://bafy'],
    }
    const text = solanaSignInMessage(fields)
    expect(text).not.toContain('\n\n\n')
    expect(text.split('\n').slice(2)).toEqual([
      '',
      'URI: https://example.com/login',
      'Version: 1',
      'Chain ID: EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      'Nonce: n0nceValue1',
      'Issued At: 2026-01-02T03:04:05.000Z',
      'Expiration Time: 2026-01-03T03:04:05.000Z',
      'Not Before: 2026-01-02T03:00:00.000Z',
      'Request ID: request-7',
      'Resources:',
      '- https://example.com/terms',
      '- ipfs://bafy',
    ])
    expect(parseSiwsMessage(text, ['uri', 'version', 'nonce', 'issuedAt'])).toEqual({
      domain: 'example.com',
      address: ADDRESS,
      uri: fields.uri,
      version: '1',
      chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      nonce: fields.nonce,
      issuedAt: fields.issuedAt,
      expirationTime: fields.expirationTime,
      notBefore: fields.notBefore,
      requestId: fields.requestId,
      resources: fields.resources,
    })
  })
})
