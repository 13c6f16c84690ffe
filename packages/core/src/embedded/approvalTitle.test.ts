import { describe, expect, it } from 'vitest'
import { approvalTitle } from './approvalTitle.ts'

describe('approvalTitle', () => {
  it('names a message signature as a signature request, a send as a transaction', () => {
    expect(approvalTitle('personal_sign')).toBe('Signature Request')
    expect(approvalTitle('eth_signTypedData_v4')).toBe('Signature Request')
    expect(approvalTitle('eth_sendTransaction')).toBe('Approve Transaction')
    expect(approvalTitle('wallet_sendCalls')).toBe('Approve Transaction')
    expect(approvalTitle('wallet_grantPermissions')).toBe('Grant Permissions')
    expect(approvalTitle(undefined)).toBe('Approve Transaction')
    // An inherited name is no method of ours.
    expect(approvalTitle('toString')).toBe('Approve Transaction')
  })
})
