import { decodeAbiParameters, parseAbiParameters, toFunctionSelector } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  encodeSessionSignature,
  grantPermissionsParams,
  onChainSession,
  permissionRequest,
  permissionRequestTimeError,
  revokePermissionsParams,
  revokeSessionMessage,
  sessionNonceKey,
  sessionPci,
} from './smartSessions.ts'

const key = privateKeyToAccount(`0x${'42'.repeat(32)}`)
const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const request = {
  chainId: '0x7a69',
  expiry: 2_000_000_000,
  signer: { type: 'key', data: { type: 'secp256k1', publicKey: key.publicKey } },
  permissions: [
    { type: 'contract-call', data: { address: usdc, functions: ['transfer(address,uint256)'] } },
    {
      type: 'erc20-token-periodic',
      data: { tokenAddress: usdc, periodAmount: '10000000', periodDuration: 86_400 },
    },
  ],
}

function firstMessage(input: unknown): string | undefined {
  const result = permissionRequest.safeParse(input)
  return result.success ? undefined : result.error.issues[0]?.message
}

describe('permissionRequest', () => {
  it('takes a daily USDC limit with a transfer permission and derives the session', () => {
    const parsed = permissionRequest.parse(request)
    const session = onChainSession(parsed)
    expect(session.signer).toBe(key.address)
    expect(session.validUntil).toBe(2_000_000_000)
    expect(session.calls).toEqual([
      { target: usdc, selector: toFunctionSelector('transfer(address,uint256)') },
    ])
    expect(session.limits).toEqual([
      { token: usdc, periodAmount: 10_000_000n, periodDuration: 86_400 },
    ])
  })

  it('refuses a missing expiry, an unknown type, a limit without a call permission', () => {
    const { expiry: _expiry, ...noExpiry } = request
    expect(firstMessage(noExpiry)).toMatch(/expiry is required/)
    expect(firstMessage({ ...request, permissions: [{ type: 'nft-gift', data: {} }] })).toMatch(
      /Unknown permission type/,
    )
    expect(firstMessage({ ...request, permissions: [request.permissions[1]] })).toMatch(
      /needs a contract-call permission/,
    )
    expect(
      firstMessage({
        ...request,
        permissions: [{ type: 'contract-call', data: { address: usdc, functions: ['transfer'] } }],
      }),
    ).toMatch(/function signature/)
    expect(
      firstMessage({
        ...request,
        signer: { type: 'key', data: { type: 'secp256k1', publicKey: '0x02' } },
      }),
    ).toMatch(/uncompressed secp256k1/)
  })

  it('refuses an expiry in the past or beyond a year', () => {
    const parsed = permissionRequest.parse(request)
    expect(permissionRequestTimeError(parsed, 2_000_000_000)).toMatch(/in the future/)
    expect(permissionRequestTimeError(parsed, 1_000_000_000)).toMatch(/at most a year/)
    expect(permissionRequestTimeError(parsed, 1_999_000_000)).toBeUndefined()
  })

  it('parses the RPC params', () => {
    expect(grantPermissionsParams.safeParse([request]).success).toBe(true)
    expect(grantPermissionsParams.safeParse([]).success).toBe(false)
    const pci = `0x${'ab'.repeat(32)}`
    expect(revokePermissionsParams.parse([{ permissionsContext: pci, chainId: '0x7a69' }])).toEqual(
      [{ permissionsContext: pci, chainId: '0x7a69' }],
    )
  })
})

describe('encoders', () => {
  it('gives two grants of one policy two ids', () => {
    const session = onChainSession(permissionRequest.parse(request))
    const account = key.address
    const a = sessionPci({ chainId: 31337, account, session, salt: `0x${'01'.repeat(32)}` })
    const b = sessionPci({ chainId: 31337, account, session, salt: `0x${'02'.repeat(32)}` })
    expect(a).not.toBe(b)
    expect(a).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('packs the signature as (pci, claimedTime, ecdsa) and the validator into the nonce key', () => {
    const pci = `0x${'cd'.repeat(32)}` as const
    const packed = encodeSessionSignature({ pci, claimedTime: 1234, signature: '0xbeef' })
    expect(decodeAbiParameters(parseAbiParameters('bytes32, uint48, bytes'), packed)).toEqual([
      pci,
      1234,
      '0xbeef',
    ])
    const validator = '0x00000000000000000000000000000000000000aa'
    // The top 20 bytes of the 32-byte nonce are the validator.
    expect((sessionNonceKey(validator) << 64n) >> 96n).toBe(0xaan)
  })

  it('names chain, account and session in the revoke message', () => {
    const text = revokeSessionMessage({
      chainId: 31337,
      address: key.address,
      pci: `0x${'ef'.repeat(32)}`,
    })
    expect(text).toContain(key.address.toLowerCase())
    expect(text).toContain('eip155:31337')
    expect(text).toContain('ef'.repeat(32))
  })
})
