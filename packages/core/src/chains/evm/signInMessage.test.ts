import { formatSiweMessage } from '@latch/protocol/siwx'
import { describe, expect, it } from 'vitest'
import { signInMessage } from './signInMessage.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('signInMessage (EVM)', () => {
  it('writes the CAIP-122 fields as the EIP-4361 message, byte for byte', () => {
    const text = signInMessage({
      domain: 'localhost:5173',
      caipAddress: `eip155:31338:${ADDRESS}`,
      statement: 'Sign in to the demo',
      uri: 'http://localhost:5173',
      version: '1',
      nonce: 'abcdef123456',
      issuedAt: '2026-01-02T03:04:05.000Z',
    })
    expect(text).toBe(
      [
        'localhost:5173 wants you to sign in with your Ethereum account:',
        ADDRESS,
        '',
        'Sign in to the demo',
        '',
        'URI: http://localhost:5173',
        'Version: 1',
        'Chain ID: 31338',
        'Nonce: abcdef123456',
        'Issued At: 2026-01-02T03:04:05.000Z',
      ].join('\n'),
    )
    expect(text).toBe(
      formatSiweMessage({
        domain: 'localhost:5173',
        address: ADDRESS,
        statement: 'Sign in to the demo',
        uri: 'http://localhost:5173',
        version: '1',
        chainId: 31338,
        nonce: 'abcdef123456',
        issuedAt: '2026-01-02T03:04:05.000Z',
      }),
    )
  })
})
