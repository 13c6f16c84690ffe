import { describe, expect, it } from 'vitest'
import { mirrorConnection } from './mirrorConnection.ts'
import { openUnsupportedChain } from './openUnsupportedChain.ts'
import { connectedTo, createTestStores } from './testStores.ts'

function setup(allowUnsupportedChain = false) {
  const stores = createTestStores()
  mirrorConnection({ namespace: 'eip155', ...stores, walletInfo: (wallet) => wallet })
  openUnsupportedChain({ ...stores, allowUnsupportedChain })
  return stores
}

describe('openUnsupportedChain', () => {
  it('opens UnsupportedChain when the wallet moves to a network the site does not list', () => {
    const { wallet, modal, router } = setup()
    wallet.set(connectedTo(31337))
    expect(modal.state.get().open).toBe(false)
    wallet.set(connectedTo(1))
    expect(modal.state.get().open).toBe(true)
    expect(router.state.get().view).toBe('UnsupportedChain')
  })

  it('closes that view once the wallet is back on a listed network', () => {
    const { wallet, modal } = setup()
    wallet.set(connectedTo(1))
    wallet.set(connectedTo(31338))
    expect(modal.state.get().open).toBe(false)
  })

  it('leaves another view open when the network becomes supported again', () => {
    const { wallet, modal, router } = setup()
    wallet.set(connectedTo(1))
    router.push('Networks')
    wallet.set(connectedTo(31337))
    expect(modal.state.get().open).toBe(true)
    expect(router.state.get().view).toBe('Networks')
  })

  it('opens nothing when the site allows any network', () => {
    const { wallet, modal } = setup(true)
    wallet.set(connectedTo(1))
    expect(modal.state.get().open).toBe(false)
  })
})
