import { createWalletCore } from '@latch/test-wallet/core'
import { defineChain } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { ChainNotSupportedError, UserRejectedError } from './errors.ts'
import { switchOrAddChain } from './switchNetwork.ts'

const ORIGIN = 'https://site.example'
const PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

/** A real wallet (the test wallet's Node half) connected to the site, on the devnet's first chain. */
async function connectedWallet({ knowsBoth = false } = {}) {
  const [first, second] = inject('devnet').chains
  if (!first || !second) throw new Error('the devnet has two chains')
  const wallet = createWalletCore(
    {
      privateKey: PRIVATE_KEY,
      chains: [first, ...(knowsBoth ? [second] : [])].map(({ chainId, rpcUrl }) => ({
        chainId,
        rpcUrl,
      })),
    },
    async () => {},
  )
  const provider = {
    request: ({ method, params }: { method: string; params?: unknown }) =>
      wallet.handle(ORIGIN, method, (params as unknown[] | undefined) ?? []),
  }
  await provider.request({ method: 'eth_requestAccounts' })
  const chain = (id: number, rpcUrl: string) =>
    defineChain({
      id,
      name: `Chain ${id}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    })
  return {
    wallet,
    provider,
    known: chain(first.chainId, first.rpcUrl),
    unknown: chain(second.chainId, second.rpcUrl),
  }
}

describe('switchOrAddChain', () => {
  it('switches to a chain the wallet knows without adding it', async () => {
    const { wallet, provider, known } = await connectedWallet()
    await switchOrAddChain(provider, known)
    expect(wallet.chainId()).toBe(known.id)
    expect(wallet.requests.map((request) => request.method)).not.toContain(
      'wallet_addEthereumChain',
    )
  })

  it('adds a chain the wallet answers 4902 for, and ends on it', async () => {
    const { wallet, provider, unknown } = await connectedWallet()
    await switchOrAddChain(provider, unknown)
    expect(wallet.chainId()).toBe(unknown.id)
    expect(wallet.requests.map((request) => request.method)).toEqual([
      'eth_requestAccounts',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
    ])
  })

  it('reports a declined add as a user rejection', async () => {
    const { wallet, provider, unknown } = await connectedWallet()
    wallet.rejectNext('wallet_addEthereumChain')
    await expect(switchOrAddChain(provider, unknown)).rejects.toBeInstanceOf(UserRejectedError)
  })

  it("says 'Chain is not supported' when the wallet cannot add the chain", async () => {
    const { provider, unknown } = await connectedWallet()
    const broken = { ...unknown, rpcUrls: { default: { http: ['not a url'] } } }
    const error = await switchOrAddChain(provider, broken).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ChainNotSupportedError)
    expect((error as ChainNotSupportedError).shortMessage).toBe('Chain is not supported')
  })

  it('reports a declined switch as a user rejection and stays on the chain', async () => {
    const { wallet, provider, known, unknown } = await connectedWallet({ knowsBoth: true })
    wallet.rejectNext('wallet_switchEthereumChain')
    await expect(switchOrAddChain(provider, unknown)).rejects.toBeInstanceOf(UserRejectedError)
    expect(wallet.chainId()).toBe(known.id)
  })
})
