import { parseSiwpMessage } from '@latch/protocol/siwx-polkadot'
import { describe, expect, it } from 'vitest'
import { polkadotSignInMessage } from './signIn.ts'

describe('Polkadot sign-in message', () => {
  it('is a CAIP-122 message the server reads back, Chain ID the genesis prefix', () => {
    const address = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
    const text = polkadotSignInMessage({
      domain: 'example.com',
      caipAddress: `polkadot:00000000000000000000000000000042:${address}`,
      statement: 'Sign in to the demo',
      uri: 'https://example.com',
      version: '1',
      nonce: 'abcdefgh12',
      issuedAt: '2025-01-01T00:00:00.000Z',
    })
    expect(text.split('\n').slice(0, 2)).toEqual([
      'example.com wants you to sign in with your Polkadot account:',
      address,
    ])
    expect(parseSiwpMessage(text, ['uri', 'nonce', 'issuedAt'])).toMatchObject({
      address,
      chainId: '00000000000000000000000000000042',
      nonce: 'abcdefgh12',
      statement: 'Sign in to the demo',
    })
  })
})
