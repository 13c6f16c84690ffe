import type { PermissionRequestInput } from '@latch/protocol/smart-sessions'
import { describe, expect, it } from 'vitest'
import { displayMessage } from '../displayMessage.ts'
import { createEmbeddedProvider } from '../embedded/provider.ts'
import { grantPermissions } from './grantPermissions.ts'
import { PERMISSIONS_NOT_CONNECTED, PERMISSIONS_UNSUPPORTED } from './messages.ts'
import type { ConnectedEvmWallet } from './permissionsWallet.ts'
import { revokePermissions } from './revokePermissions.ts'

const ACCOUNT = '0x1111111111111111111111111111111111111111'
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const PCI = `0x${'ab'.repeat(32)}` as const
const request: PermissionRequestInput = {
  chainId: '0x7a69',
  expiry: 1_800_000_000,
  signer: { type: 'account', data: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
  permissions: [
    { type: 'contract-call', data: { address: USDC, functions: ['transfer(address,uint256)'] } },
    {
      type: 'erc20-token-periodic',
      data: { tokenAddress: USDC, periodAmount: '10000000', periodDuration: 86_400 },
    },
  ],
}

/** A browser wallet: it answers what it knows and records what it was asked. */
function externalWallet(capabilities: unknown | Error) {
  const calls: { method: string; params?: unknown }[] = []
  const wallet: ConnectedEvmWallet = {
    address: ACCOUNT,
    embedded: false,
    async request(args) {
      calls.push(args)
      if (args.method === 'wallet_getCapabilities') {
        if (capabilities instanceof Error) throw capabilities
        return capabilities
      }
      if (args.method === 'wallet_grantPermissions')
        return { ...request, address: ACCOUNT, context: PCI, grantedAt: 1 }
      if (args.method === 'wallet_revokePermissions') return null
      throw new Error(`unexpected ${args.method}`)
    },
  }
  return { wallet, calls }
}

/** The embedded wallet's own provider; its approval (the frame) answers as the server would. */
function embeddedWallet() {
  const approved: { method: string; params?: unknown; chainId?: number }[] = []
  const provider = createEmbeddedProvider({
    user: () => ({ address: ACCOUNT, chainId: 31337 }) as never,
    chainId: () => 31337,
    isSiteChain: () => true,
    switchChain: async () => {},
    gateway: () => ({ request: async () => null }),
    approve: async (call) => {
      approved.push(call)
      return call.method === 'wallet_grantPermissions'
        ? { ...request, address: ACCOUNT, context: PCI, grantedAt: 1 }
        : null
    },
    walletCall: async () => null,
    capabilities: async () => ({}),
    showCallsStatus: () => {},
    snackbar: { showError: () => {} },
  })
  const wallet: ConnectedEvmWallet = {
    address: ACCOUNT,
    embedded: true,
    request: (args) => provider.request(args),
  }
  return { wallet, approved }
}

describe('grantPermissions and revokePermissions', () => {
  it("goes through the embedded wallet's approval for an email or social user", async () => {
    const { wallet, approved } = embeddedWallet()
    const granted = await grantPermissions({ wallet: async () => wallet }, request)
    expect(granted.context).toBe(PCI)
    await revokePermissions(
      { wallet: async () => wallet },
      { permissionsContext: PCI, chainId: '0x7a69' },
    )
    expect(approved).toEqual([
      { method: 'wallet_grantPermissions', params: [request], chainId: 31337 },
      {
        method: 'wallet_revokePermissions',
        params: [{ permissionsContext: PCI, chainId: '0x7a69' }],
        chainId: 31337,
      },
    ])
  })

  it('passes through to a wallet whose capabilities report permissions on the chain', async () => {
    const { wallet, calls } = externalWallet({
      '0x7a69': { permissions: { supported: true, permissionTypes: ['erc20-token-periodic'] } },
    })
    const granted = await grantPermissions({ wallet: async () => wallet }, request)
    expect(granted.context).toBe(PCI)
    expect(calls.map((call) => call.method)).toEqual([
      'wallet_getCapabilities',
      'wallet_grantPermissions',
    ])
    expect(calls[0]?.params).toEqual([ACCOUNT, ['0x7a69']])
  })

  it('refuses, in one sentence, a wallet without the capability, one that does not know the method, and no wallet', async () => {
    for (const capabilities of [
      { '0x7a69': { atomic: { status: 'supported' } } },
      { '0x1': { permissions: { supported: true } } },
      new Error('Method not found'),
    ]) {
      const { wallet, calls } = externalWallet(capabilities)
      const refused = await grantPermissions({ wallet: async () => wallet }, request).catch(
        (error: unknown) => error,
      )
      expect(displayMessage(refused)).toBe(PERMISSIONS_UNSUPPORTED)
      // Never asked to grant what it cannot.
      expect(calls.map((call) => call.method)).toEqual(['wallet_getCapabilities'])
      const revoked = await revokePermissions(
        { wallet: async () => wallet },
        { permissionsContext: PCI, chainId: '0x7a69' },
      ).catch((error: unknown) => error)
      expect(displayMessage(revoked)).toBe(PERMISSIONS_UNSUPPORTED)
    }
    const none = await grantPermissions({ wallet: async () => undefined }, request).catch(
      (error: unknown) => error,
    )
    expect(displayMessage(none)).toBe(PERMISSIONS_NOT_CONNECTED)
  })

  it('a refusal in the frame reads as a declined signature', async () => {
    const { wallet } = embeddedWallet()
    const declining: ConnectedEvmWallet = {
      ...wallet,
      request: async () => {
        throw Object.assign(new Error('User rejected the request'), { code: 4001 })
      },
    }
    const refused = await grantPermissions({ wallet: async () => declining }, request).catch(
      (error: unknown) => error,
    )
    expect(displayMessage(refused)).toBe('Signature declined')
  })
})
