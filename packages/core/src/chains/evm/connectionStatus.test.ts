import type { CreateConnectorFn } from '@wagmi/core'
import { defineChain } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainConnection } from '../types.ts'
import { createEvmAdapter } from './createEvmAdapter.ts'

const chain = defineChain({
  id: 31337,
  name: 'Latch Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
})
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * A wallet that takes its time: its provider comes after `release()`, it has not approved the
 * site, and it approves a connect once released.
 */
function slowWallet() {
  let release: () => void = () => {}
  const ready = new Promise<void>((resolve) => (release = resolve))
  const provider = { request: async () => [ACCOUNT], on() {}, removeListener() {} }
  const connector: CreateConnectorFn = () => ({
    id: 'slow',
    name: 'Slow Wallet',
    type: 'injected',
    async setup() {},
    async connect() {
      await ready
      return { accounts: [ACCOUNT], chainId: chain.id } as never
    },
    async disconnect() {},
    async getAccounts() {
      return [ACCOUNT]
    },
    async getChainId() {
      return chain.id
    },
    async getProvider() {
      await ready
      return provider
    },
    async isAuthorized() {
      return false
    },
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {},
  })
  return { connector, release }
}

function adapterWith(connector: CreateConnectorFn) {
  const adapter = createEvmAdapter({
    chains: [chain],
    enableInjected: false,
    enableEIP6963: false,
    embedded: connector,
  })
  const seen: ChainConnection['status'][] = []
  adapter.connection.subscribe((connection) => seen.push(connection.status))
  return { adapter, seen }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('the EVM connection status', () => {
  it('stays disconnected while start-up looks for a session none was stored for', async () => {
    const wallet = slowWallet()
    const { adapter, seen } = adapterWith(wallet.connector)
    await adapter.reconnect()
    await settle()
    wallet.release()
    await settle()
    expect(adapter.connection.get().status).toBe('disconnected')
    expect(seen).not.toContain('connecting')
  })

  it('is connecting while the visitor connects, then connected', async () => {
    const wallet = slowWallet()
    const { adapter, seen } = adapterWith(wallet.connector)
    const connecting = adapter.connect('slow')
    await settle()
    expect(adapter.connection.get().status).toBe('connecting')
    wallet.release()
    await connecting
    expect(adapter.connection.get()).toMatchObject({ status: 'connected', address: ACCOUNT })
    expect(seen).toContain('connecting')
  })
})
