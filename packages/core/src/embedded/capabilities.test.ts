import { describe, expect, it } from 'vitest'
import { callsStatusMessage, embeddedCapabilities } from './capabilities.ts'

describe('the embedded wallet’s EIP-5792 capabilities', () => {
  const chains = { bundler: ['eip155:31337', 'eip155:31338'], paymaster: ['eip155:31337'] }

  it('a smart account batches atomically where the server has a bundler, sponsored where it pays', () => {
    expect(
      embeddedCapabilities({ preferredAccountType: 'smartAccount' }, [31337, 31338, 1], chains),
    ).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      '0x7a6a': { atomic: { status: 'supported' } },
      '0x1': { atomic: { status: 'unsupported' } },
    })
  })

  it('the owner EOA sends a batch call by call: not atomic, never sponsored', () => {
    expect(embeddedCapabilities({ preferredAccountType: 'eoa' }, [31337], chains)).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
    })
  })

  it('says what a batch status means', () => {
    expect(callsStatusMessage({ status: 200 })).toEqual({
      message: 'The transaction is confirmed',
      failed: false,
    })
    expect(callsStatusMessage({ status: 100 }).failed).toBe(false)
    expect(callsStatusMessage({ status: 500 })).toEqual({
      message: 'The transaction reverted',
      failed: true,
    })
    expect(callsStatusMessage(undefined).failed).toBe(true)
  })
})
