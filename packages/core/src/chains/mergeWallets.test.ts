import { describe, expect, it } from 'vitest'
import type { WalletOption } from './connection.ts'
import { mergeWallets } from './mergeWallets.ts'

const evmWallet = (name: string, rdns: string): WalletOption => ({
  id: rdns,
  name,
  icon: 'data:image/svg+xml,evm',
  rdns,
  kind: 'announced',
})
const solanaWallet = (name: string): WalletOption => ({
  id: `wallet-standard:${name}`,
  name,
  icon: 'data:image/svg+xml,sol',
  rdns: undefined,
  kind: 'announced',
})

describe('mergeWallets', () => {
  it('lists a wallet that offers EVM and Solana once, with its id in each family', () => {
    const merged = mergeWallets([
      ['eip155', [evmWallet('Phantom', 'app.phantom'), evmWallet('MetaMask', 'io.metamask')]],
      ['solana', [solanaWallet('phantom '), solanaWallet('Solflare')]],
    ])
    expect(merged.map((wallet) => wallet.name)).toEqual(['Phantom', 'MetaMask', 'Solflare'])
    expect(merged[0]).toMatchObject({
      id: 'app.phantom',
      rdns: 'app.phantom',
      icon: 'data:image/svg+xml,evm',
      connectors: { eip155: 'app.phantom', solana: 'wallet-standard:phantom ' },
    })
    expect(merged[2]?.connectors).toEqual({ solana: 'wallet-standard:Solflare' })
  })

  it('keeps two wallets of one family with the same name apart', () => {
    const merged = mergeWallets([
      ['eip155', [evmWallet('Wallet', 'a.wallet'), evmWallet('Wallet', 'b.wallet')]],
    ])
    expect(merged.map((wallet) => wallet.id)).toEqual(['a.wallet', 'b.wallet'])
  })

  it('never merges WalletConnect into a wallet of the same name', () => {
    const walletConnect: WalletOption = {
      id: 'walletConnect',
      name: 'Phantom',
      icon: undefined,
      rdns: undefined,
      kind: 'walletConnect',
    }
    const merged = mergeWallets([
      ['eip155', [walletConnect]],
      ['solana', [solanaWallet('Phantom')]],
    ])
    expect(merged).toHaveLength(2)
  })
})
