import { describe, expect, it } from 'vitest'
import { describeApproval } from './describeApproval.ts'
import type { DetailSection } from './types.ts'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const KEY = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const EXPIRY = 1_800_000_000
const network = {
  chainId: 31337,
  name: 'Latch Devnet',
  currency: { symbol: 'ETH', decimals: 18 },
  tokens: [{ address: USDC as `0x${string}`, symbol: 'USDC', decimals: 6 }],
}

const grant = (permissions: unknown[], extra: Record<string, unknown> = {}) => [
  {
    chainId: '0x7a69',
    expiry: EXPIRY,
    signer: { type: 'account', data: { address: KEY } },
    permissions,
    ...extra,
  },
]

const USDC_DAILY = [
  { type: 'contract-call', data: { address: USDC, functions: ['transfer(address,uint256)'] } },
  {
    type: 'erc20-token-periodic',
    data: { tokenAddress: USDC, periodAmount: '10000000', periodDuration: 86_400 },
  },
]

/** Every row of the screen as 'label: value', and its headings and blocks, in order. */
const lines = (sections: DetailSection[]) =>
  sections.flatMap((section) => [
    ...(section.heading ? [`# ${section.heading}`] : []),
    ...(section.rows ?? []).map((row) => `${row.label}: ${row.value}`),
    ...(section.block ? [section.block.text] : []),
  ])

describe('the approval screen of a grant of permissions', () => {
  it('says which contract and function, the limit in the token with its period, and until when', () => {
    const view = describeApproval({
      method: 'wallet_grantPermissions',
      params: grant(USDC_DAILY),
      chainId: 31337,
      evmNetwork: network,
    })
    expect(view.title).toBe('Grant permissions')
    expect(lines(view.sections)).toEqual([
      'Network: Latch Devnet',
      `Session key: ${KEY}`,
      'Until: Jan 15, 2027, 8:00 AM UTC',
      '# May call',
      `Contract: USDC (${USDC})`,
      'Function: transfer(address,uint256)',
      '# May spend',
      'Spending limit: 10 USDC per day',
    ])
  })

  it('names the native coin, a key signer, and never a symbol for a token the server does not know', () => {
    const other = '0x000000000000000000000000000000000000bEEF'
    const view = describeApproval({
      method: 'wallet_grantPermissions',
      params: grant(
        [
          {
            type: 'native-token-periodic',
            data: { periodAmount: '500000000000000000', periodDuration: 604_800 },
          },
          {
            type: 'erc20-token-periodic',
            data: { tokenAddress: other, periodAmount: '25', periodDuration: 3_600 },
          },
          { type: 'mystery', data: {} },
        ],
        { signer: { type: 'key', data: { type: 'secp256k1', publicKey: '0x04abcd' } } },
      ),
      chainId: 31337,
      evmNetwork: network,
    })
    expect(lines(view.sections)).toEqual([
      'Network: Latch Devnet',
      'Session key: 0x04abcd',
      'Until: Jan 15, 2027, 8:00 AM UTC',
      '# May spend',
      'Spending limit: 0.5 ETH per week',
      '# May spend',
      `Spending limit: 25 base units per hour of ${other}`,
      '# Unknown permission',
      'mystery',
    ])
  })

  it('without the chain from the server: the chain id and limits in base units', () => {
    const view = describeApproval({
      method: 'wallet_grantPermissions',
      params: grant(USDC_DAILY),
      chainId: 31337,
    })
    expect(lines(view.sections)).toContain('Network: Chain 31337')
    expect(lines(view.sections)).toContain(
      `Spending limit: 10,000,000 base units per day of ${USDC}`,
    )
  })

  it('a revoke names the session and its network', () => {
    const pci = `0x${'ab'.repeat(32)}`
    const view = describeApproval({
      method: 'wallet_revokePermissions',
      params: [{ permissionsContext: pci, chainId: '0x7a69' }],
      chainId: 31337,
      evmNetwork: network,
    })
    expect(view.title).toBe('Revoke permissions')
    expect(lines(view.sections)).toEqual([
      'Network: Latch Devnet',
      `Session: ${pci}`,
      'The site will no longer be able to act for your account with this session.',
    ])
  })
})
