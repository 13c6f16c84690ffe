import { describe, expect, it } from 'vitest'
import { askSignInAfterConnect, signInNeeded } from './askSignInAfterConnect.ts'
import { connectedTo, createTestStores, OTHER } from './testStores.ts'

function setup(siwx: { enabled: boolean; session: boolean }) {
  const stores = createTestStores({ mirror: true })
  const needsSignIn = signInNeeded({
    siwx: () => ({ enabled: siwx.enabled, hasSession: () => siwx.session }),
    network: stores.network,
  })
  askSignInAfterConnect({ account: stores.activeAccount, needsSignIn, modal: stores.modal })
  return stores
}

describe('askSignInAfterConnect', () => {
  it('opens the sign-in view when an account connects on a supported network', () => {
    const { wallet, modal, router } = setup({ enabled: true, session: false })
    wallet.set(connectedTo(31337))
    expect(modal.state.get().open).toBe(true)
    expect(router.state.get().view).toBe('SIWXSignMessage')
  })

  it('asks again when the wallet moves to another account', () => {
    const { wallet, modal, router } = setup({ enabled: true, session: false })
    wallet.set(connectedTo(31337))
    modal.close()
    wallet.set(connectedTo(31337, OTHER))
    expect(modal.state.get().open).toBe(true)
    expect(router.state.get().view).toBe('SIWXSignMessage')
  })

  it('does not ask without sign-in, with a session, or on an unsupported network', () => {
    for (const [siwx, chainId] of [
      [{ enabled: false, session: false }, 31337],
      [{ enabled: true, session: true }, 31337],
      [{ enabled: true, session: false }, 1],
    ] as const) {
      const { wallet, modal } = setup(siwx)
      wallet.set(connectedTo(chainId))
      expect(modal.state.get().open).toBe(false)
    }
  })
})
