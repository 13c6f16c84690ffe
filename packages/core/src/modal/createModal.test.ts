import { describe, expect, it } from 'vitest'
import { createEvents } from '../events/index.ts'
import { createRouter, type ViewName } from '../router/index.ts'
import { createModal } from './createModal.ts'

function setup(options: { connected?: boolean; signInRequired?: boolean; session?: boolean } = {}) {
  const events = createEvents()
  const router = createRouter({ closeModal: () => modal.close() })
  const modal = createModal({
    router,
    events,
    isConnected: () => options.connected ?? false,
    isSignInRequired: () => options.signInRequired ?? false,
    hasSession: () => options.session ?? false,
  })
  return { modal, router, events }
}

describe('createModal', () => {
  it('opens at Connect when disconnected and at Account when connected', () => {
    const disconnected = setup()
    disconnected.modal.open()
    expect(disconnected.modal.state.get().open).toBe(true)
    expect(disconnected.router.state.get().history).toEqual(['Connect'])

    const connected = setup({ connected: true })
    connected.modal.open()
    expect(connected.router.state.get().history).toEqual(['Account'])
  })

  it('opens at a given view, with a fresh history, and keeps the namespace', () => {
    const { modal, router } = setup()
    router.push('AllWallets')
    modal.open({ view: 'Networks', namespace: 'solana' })
    expect(router.state.get().history).toEqual(['Networks'])
    expect(modal.state.get()).toMatchObject({ open: true, namespace: 'solana' })
  })

  it('starts the next open from a fresh history after a close', () => {
    const { modal, router } = setup()
    modal.open()
    router.push('AllWallets')
    expect(modal.close()).toBe(true)
    expect(modal.state.get().open).toBe(false)
    modal.open()
    expect(router.state.get().history).toEqual(['Connect'])
  })

  it('closes when going back from the first view', () => {
    const { modal, router } = setup()
    modal.open()
    router.goBack()
    expect(modal.state.get().open).toBe(false)
  })

  it.each<ViewName>(['SIWXSignMessage', 'ApproveTransaction'])(
    'refuses to close on %s while sign-in is required and no session exists',
    (view) => {
      const { modal, router } = setup({ signInRequired: true })
      modal.open({ view })
      expect(modal.isCloseDisabled()).toBe(true)
      expect(modal.close()).toBe(false)
      router.goBack()
      expect(modal.state.get().open).toBe(true)
    },
  )

  it('closes when sign-in is optional, a session exists, or another view shows', () => {
    for (const options of [{ signInRequired: false }, { signInRequired: true, session: true }]) {
      const { modal } = setup(options)
      modal.open({ view: 'SIWXSignMessage' })
      expect(modal.close()).toBe(true)
    }
    const { modal } = setup({ signInRequired: true })
    modal.open({ view: 'Connect' })
    expect(modal.close()).toBe(true)
  })

  it('tracks MODAL_OPEN and MODAL_CLOSE once each', () => {
    const { modal, events } = setup({ connected: true })
    const seen: string[] = []
    events.subscribe((event) => seen.push(event.event))
    modal.open()
    modal.open({ view: 'Networks' })
    modal.close()
    modal.close()
    expect(seen).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
    expect(events.state.get().lastEvent).toEqual({
      type: 'track',
      event: 'MODAL_CLOSE',
      properties: { connected: true },
    })
  })

  it('sets loading, and two instances share nothing', () => {
    const a = setup()
    const b = setup()
    a.modal.open()
    a.modal.setLoading(true)
    expect(a.modal.state.get().loading).toBe(true)
    expect(b.modal.state.get()).toEqual({ open: false, loading: false })
  })
})
