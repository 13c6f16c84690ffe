import { describe, expect, it } from 'vitest'
import { createStore } from '../store.ts'
import { resetOnDisconnect } from './resetOnDisconnect.ts'
import { connectedTo, createTestStores } from './testStores.ts'

/** A controller holding something read for the account, cleared by reset(). */
function holding() {
  const store = createStore<{ held: string | undefined }>({ held: 'read for the account' })
  return { state: store, reset: () => store.set({ held: undefined }) }
}

function setup() {
  const stores = createTestStores()
  const tokens = holding()
  const activity = holding()
  resetOnDisconnect({ ...stores, account: stores.activeAccount, resettables: [tokens, activity] })
  return { ...stores, tokens, activity }
}

describe('resetOnDisconnect', () => {
  it('clears what each controller read for the account when the wallet disconnects', () => {
    const { wallet, tokens, activity } = setup()
    wallet.set(connectedTo(31337))
    expect(tokens.state.get().held).toBeDefined()
    wallet.set({ status: 'disconnected' })
    expect(tokens.state.get().held).toBeUndefined()
    expect(activity.state.get().held).toBeUndefined()
  })

  it('sends an open modal back to Connect when a session ends', () => {
    const { wallet, modal, router } = setup()
    wallet.set(connectedTo(31337))
    modal.open({ view: 'Send' })
    wallet.set({ status: 'disconnected' })
    expect(router.state.get().history).toEqual(['Connect'])
  })

  it('leaves the view alone when a connect attempt fails', () => {
    const { wallet, modal, router } = setup()
    modal.open({ view: 'ConnectingExternal' })
    wallet.set({ status: 'connecting', wallet: undefined })
    wallet.set({ status: 'disconnected' })
    expect(router.state.get().view).toBe('ConnectingExternal')
  })
})
