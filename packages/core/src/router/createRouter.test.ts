import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRouter } from './createRouter.ts'

const history = (router: ReturnType<typeof createRouter>) => router.state.get().history

describe('createRouter', () => {
  it('starts at Connect', () => {
    expect(createRouter().state.get()).toEqual({ view: 'Connect', history: ['Connect'] })
  })

  it('pushes, without pushing the current view twice', () => {
    const router = createRouter()
    router.push('AllWallets')
    router.push('ConnectingExternal', { wallet: { id: 'w1', name: 'Wallet One' } })
    router.push('ConnectingExternal', { wallet: { id: 'w2', name: 'Wallet Two' } })
    expect(router.state.get()).toEqual({
      view: 'ConnectingExternal',
      history: ['Connect', 'AllWallets', 'ConnectingExternal'],
      data: { wallet: { id: 'w2', name: 'Wallet Two' } },
    })
  })

  it('replaces the current view and resets the history to one view', () => {
    const router = createRouter()
    router.push('AllWallets')
    router.replace('ConnectingWalletConnect')
    expect(history(router)).toEqual(['Connect', 'ConnectingWalletConnect'])
    router.reset('Account')
    expect(router.state.get()).toEqual({ view: 'Account', history: ['Account'], data: undefined })
  })

  it('goes back, and going back from the first view closes the modal', () => {
    const closeModal = vi.fn()
    const router = createRouter({ closeModal })
    router.push('AllWallets')
    router.goBack()
    expect(router.state.get().view).toBe('Connect')
    expect(history(router)).toEqual(['Connect'])
    expect(closeModal).not.toHaveBeenCalled()
    router.goBack()
    expect(closeModal).toHaveBeenCalledTimes(1)
    expect(history(router)).toEqual(['Connect'])
  })

  it('goes back to an index, ignoring one outside the history', () => {
    const router = createRouter()
    router.push('AllWallets')
    router.push('ConnectingExternal')
    router.push('Networks')
    router.goBackToIndex(1)
    expect(router.state.get()).toMatchObject({
      view: 'AllWallets',
      history: ['Connect', 'AllWallets'],
    })
    router.goBackToIndex(5)
    router.goBackToIndex(-1)
    expect(history(router)).toEqual(['Connect', 'AllWallets'])
  })

  describe('going back from ConnectingFarcaster', () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    function farcasterRouter(connected: boolean) {
      const deps = {
        hasConnectedAddress: () => connected,
        clearFarcasterUrl: vi.fn(),
        resyncAuthConnector: vi.fn(),
      }
      const router = createRouter(deps)
      router.push('ConnectingFarcaster')
      return { router, ...deps }
    }

    it('clears the Farcaster URL, then resyncs the auth connector after 100 ms', () => {
      const { router, clearFarcasterUrl, resyncAuthConnector } = farcasterRouter(false)
      router.goBack()
      expect(router.state.get().view).toBe('Connect')
      expect(clearFarcasterUrl).toHaveBeenCalledTimes(1)
      vi.advanceTimersByTime(99)
      expect(resyncAuthConnector).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(resyncAuthConnector).toHaveBeenCalledTimes(1)
    })

    it('does neither once an address is connected', () => {
      const { router, clearFarcasterUrl, resyncAuthConnector } = farcasterRouter(true)
      router.goBack()
      vi.advanceTimersByTime(1000)
      expect(clearFarcasterUrl).not.toHaveBeenCalled()
      expect(resyncAuthConnector).not.toHaveBeenCalled()
    })
  })

  describe('transaction stack', () => {
    it('on success runs onSuccess and goes where the action says', () => {
      const router = createRouter()
      const onSuccess = vi.fn()
      router.push('Account')
      router.pushTransactionStack({ view: 'Swap', onSuccess })
      expect(router.popTransactionStack('success')).toBe(true)
      expect(onSuccess).toHaveBeenCalledTimes(1)
      expect(history(router)).toEqual(['Connect', 'Account', 'Swap'])

      router.pushTransactionStack({ view: 'RegisterAccountNameSuccess', replace: true })
      router.popTransactionStack('success')
      expect(history(router)).toEqual(['Connect', 'Account', 'RegisterAccountNameSuccess'])

      router.pushTransactionStack({ goBack: true })
      router.popTransactionStack('success')
      expect(history(router)).toEqual(['Connect', 'Account'])
    })

    it('on error and cancel runs the matching callback and goes back', () => {
      const router = createRouter()
      const callbacks = { onSuccess: vi.fn(), onError: vi.fn(), onCancel: vi.fn() }
      router.push('Account')
      router.pushTransactionStack(callbacks)
      router.push('ApproveTransaction')
      router.popTransactionStack('error')
      expect(callbacks.onError).toHaveBeenCalledTimes(1)
      expect(router.state.get().view).toBe('Account')

      router.pushTransactionStack(callbacks)
      router.push('ApproveTransaction')
      router.popTransactionStack('cancel')
      expect(callbacks.onCancel).toHaveBeenCalledTimes(1)
      expect(callbacks.onSuccess).not.toHaveBeenCalled()
      expect(router.state.get().view).toBe('Account')
    })

    it('pops the most recent action first, and does nothing on an empty stack', () => {
      const router = createRouter()
      const first = vi.fn()
      const second = vi.fn()
      router.pushTransactionStack({ onSuccess: first })
      router.pushTransactionStack({ onSuccess: second })
      router.popTransactionStack('success')
      expect(second).toHaveBeenCalled()
      expect(first).not.toHaveBeenCalled()
      router.popTransactionStack('success')
      expect(router.popTransactionStack('cancel')).toBe(false)
      expect(history(router)).toEqual(['Connect'])
    })
  })

  it('keeps two instances apart', () => {
    const a = createRouter()
    const b = createRouter()
    a.push('AllWallets')
    expect(history(b)).toEqual(['Connect'])
  })
})
