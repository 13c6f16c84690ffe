import { describe, expect, it } from 'vitest'
import { followFrame } from './followFrame.ts'
import type { FrameClient } from './types.ts'

/** A frame whose events the test raises. */
function fakeFrame() {
  const listeners = new Map<string, (payload: never) => void>()
  const frame = {
    on(name: string, listener: (payload: never) => void) {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    },
  } as unknown as Pick<FrameClient, 'on'>
  const raise = (name: string, payload: unknown) => listeners.get(name)?.(payload as never)
  return { frame, raise }
}

describe('followFrame', () => {
  it('acts on what the frame tells only while a user is connected', async () => {
    const { frame, raise } = fakeFrame()
    const heard: string[] = []
    let connected = false
    let refresh = async () => {
      heard.push('refreshed')
    }
    followFrame(frame, {
      connected: () => connected,
      refreshUser: () => refresh(),
      accountsChanged: (accounts) => heard.push(`accounts ${accounts.join()}`),
      chainChanged: (chainId) => heard.push(`chain ${chainId}`),
      notice: (message) => heard.push(`notice ${message}`),
      expired: () => heard.push('expired'),
    })
    raise('CHAIN_CHANGED', { chainId: 8453 })
    raise('SESSION_EXPIRED', {})
    expect(heard).toEqual([])

    connected = true
    raise('CHAIN_CHANGED', { chainId: 8453 })
    raise('NOTICE', { message: 'Paid by the site' })
    raise('ACCOUNTS_CHANGED', { accounts: ['0x1'] })
    await Promise.resolve()
    // Reading the user again failed: the address the frame gave is taken alone.
    refresh = () => Promise.reject(new Error('timeout'))
    raise('ACCOUNTS_CHANGED', { accounts: ['0x2'] })
    await new Promise((resolve) => setTimeout(resolve, 0))
    raise('SESSION_EXPIRED', {})
    expect(heard).toEqual([
      'chain 8453',
      'notice Paid by the site',
      'refreshed',
      'accounts 0x2',
      'expired',
    ])
  })
})
