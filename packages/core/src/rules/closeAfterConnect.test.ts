import { describe, expect, it } from 'vitest'
import { closeAfterConnect } from './closeAfterConnect.ts'
import { mirrorConnection } from './mirrorConnection.ts'
import { connectedTo, createTestStores } from './testStores.ts'

function setup(signIn = false) {
  const stores = createTestStores()
  mirrorConnection({ namespace: 'eip155', ...stores, walletInfo: (wallet) => wallet })
  const close = closeAfterConnect({
    network: stores.network,
    needsSignIn: () => signIn,
    modal: stores.modal,
  })
  stores.modal.open()
  return { ...stores, close }
}

describe('closeAfterConnect', () => {
  it('closes the modal once a wallet connected on a supported network', () => {
    const { wallet, modal, close } = setup()
    wallet.set(connectedTo(31337))
    close()
    expect(modal.state.get().open).toBe(false)
  })

  it('keeps it open on an unsupported network or when a sign-in is asked for', () => {
    const unsupported = setup()
    unsupported.wallet.set(connectedTo(1))
    unsupported.close()
    expect(unsupported.modal.state.get().open).toBe(true)

    const signIn = setup(true)
    signIn.wallet.set(connectedTo(31337))
    signIn.close()
    expect(signIn.modal.state.get().open).toBe(true)
  })
})
