import { describe, expect, it } from 'vitest'
import { POLKADOT_METHODS, requestedNamespaces, SOLANA_METHODS } from './requestedNamespaces.ts'

const rpcUrl = (chainId: number) => `https://rpc.example/${chainId}`

describe('what a WalletConnect pairing asks for', () => {
  it("asks eip155 on the site's chains, with an RPC URL each, and nothing else for an EVM-only site", () => {
    const namespaces = requestedNamespaces([1, 31337], { rpcUrl })
    expect(Object.keys(namespaces)).toEqual(['eip155'])
    expect(namespaces.eip155).toMatchObject({
      chains: ['eip155:1', 'eip155:31337'],
      events: ['chainChanged', 'accountsChanged'],
      rpcMap: { '1': 'https://rpc.example/1', '31337': 'https://rpc.example/31337' },
    })
    expect(namespaces.eip155?.methods).toContain('wallet_sendCalls')
  })

  it('asks solana and polkadot on the networks the site has, followed by accountsChanged', () => {
    const namespaces = requestedNamespaces([1], {
      rpcUrl,
      solanaChains: ['solana:devnet-ref'],
      polkadotChains: ['polkadot:genesis'],
    })
    expect(namespaces.solana).toEqual({
      chains: ['solana:devnet-ref'],
      methods: SOLANA_METHODS,
      events: ['accountsChanged'],
    })
    expect(namespaces.polkadot).toEqual({
      chains: ['polkadot:genesis'],
      methods: POLKADOT_METHODS,
      events: ['accountsChanged'],
    })
  })
})
