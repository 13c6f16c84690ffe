import { describe, expect, it } from 'vitest'
import type { ChainNamespace } from '../siteTypes.ts'
import { createStore, selectStore } from '../store.ts'
import type { WalletOption } from './connection.ts'
import { mergeWallets } from './mergeWallets.ts'
import { createWalletList } from './walletList.ts'

const wallet = (id: string, name: string): WalletOption => ({
  id,
  name,
  icon: undefined,
  rdns: undefined,
  kind: 'announced',
})

const family = (namespace: ChainNamespace, wallets: WalletOption[]) => ({
  namespace,
  wallets: selectStore(createStore({ wallets }), (state) => state.wallets),
})

describe('createWalletList', () => {
  it('lists EVM wallets first whatever the site order, each with its id in its one family', () => {
    const adapters = {
      solana: family('solana', [wallet('phantom-sol', 'Phantom')]),
      eip155: family('eip155', [
        wallet('phantom-evm', 'Phantom'),
        wallet('io.metamask', 'MetaMask'),
      ]),
    }
    const list = createWalletList({ namespaces: ['solana', 'eip155'], adapters })
    list.refresh()
    expect(list.wallets.get().map((option) => option.connectors)).toEqual([
      { eip155: 'phantom-evm' },
      { eip155: 'io.metamask' },
      { solana: 'phantom-sol' },
    ])
  })

  it('lists a wallet of several families once after mergeWith', () => {
    const adapters = {
      eip155: family('eip155', [wallet('phantom-evm', 'Phantom')]),
      solana: family('solana', [wallet('phantom-sol', 'Phantom')]),
    }
    const list = createWalletList({ namespaces: ['eip155', 'solana'], adapters })
    list.mergeWith(mergeWallets)
    expect(list.wallets.get()).toHaveLength(1)
    expect(list.wallets.get()[0]?.connectors).toEqual({
      eip155: 'phantom-evm',
      solana: 'phantom-sol',
    })
  })

  it('lists nothing of a family not loaded yet', () => {
    const list = createWalletList({ namespaces: ['eip155', 'solana'], adapters: {} })
    list.refresh()
    expect(list.wallets.get()).toEqual([])
  })
})
