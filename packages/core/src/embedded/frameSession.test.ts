import type { ConnectedUser } from '@latch/protocol/frame'
import { describe, expect, it } from 'vitest'
import { connectChain } from './connectorChain.ts'
import { openSession, sessionStillOpen } from './frameSession.ts'
import type { FrameClient } from './types.ts'

const user = (chainId: number): ConnectedUser => ({
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId,
  accounts: [],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
})

/** A frame answering from `answers`, recording what it was asked. */
function fakeFrame(answers: { isConnected?: boolean; chainId?: number } = {}) {
  const asked: [string, unknown][] = []
  let chainId = answers.chainId ?? 1
  const frame = {
    async request(name: string, payload: { chainId?: number }) {
      asked.push([name, payload])
      if (name === 'IS_CONNECTED') return { isConnected: answers.isConnected ?? true }
      if (name === 'SWITCH_NETWORK') chainId = payload.chainId ?? chainId
      return user(chainId)
    },
  } as unknown as Pick<FrameClient, 'request'>
  return { frame, asked }
}

const site = (id: number) => id === 31337 || id === 8453

describe('connectChain', () => {
  it('takes the chain asked for, else the session’s, else the site’s first: the site’s always', () => {
    expect(connectChain(8453, 31337, site, 31337)).toBe(8453)
    expect(connectChain(1, 8453, site, 31337)).toBe(8453)
    expect(connectChain(undefined, 1, site, 31337)).toBe(31337)
  })
})

describe('openSession', () => {
  const deps = (stored: boolean[]) => ({
    preferredAccountType: () => 'smartAccount' as const,
    setStoredSession: (value: boolean) => stored.push(value),
    isSiteChain: site,
    firstChain: 31337,
  })

  it('asks for the chosen account type, and reads the user again on the site’s chain', async () => {
    const { frame, asked } = fakeFrame({ chainId: 1 })
    const opened = await openSession(frame, {}, deps([]))
    expect(opened.chainId).toBe(31337)
    expect(opened.user.chainId).toBe(31337)
    expect(asked).toEqual([
      ['GET_USER', { preferredAccountType: 'smartAccount' }],
      ['SWITCH_NETWORK', { chainId: 31337 }],
      ['GET_USER', { chainId: 31337 }],
    ])
  })

  it('restores only a session the frame still has, forgetting a gone one', async () => {
    const stored: boolean[] = []
    const { frame } = fakeFrame({ isConnected: false })
    await expect(openSession(frame, { isReconnecting: true }, deps(stored))).rejects.toThrow(
      'No embedded wallet session to restore',
    )
    expect(stored).toEqual([false])
  })
})

describe('sessionStillOpen', () => {
  it('loads no frame without a stored session, and forgets one the frame no longer has', async () => {
    let loaded = 0
    const stored: boolean[] = []
    const frame = (answers: { isConnected: boolean }) => async () => {
      loaded += 1
      return fakeFrame(answers).frame
    }
    const none = { hasStoredSession: () => false, setStoredSession: () => {} }
    expect(await sessionStillOpen(frame({ isConnected: true }), none)).toBe(false)
    expect(loaded).toBe(0)
    const kept = { hasStoredSession: () => true, setStoredSession: (v: boolean) => stored.push(v) }
    expect(await sessionStillOpen(frame({ isConnected: true }), kept)).toBe(true)
    expect(await sessionStillOpen(frame({ isConnected: false }), kept)).toBe(false)
    expect(stored).toEqual([false])
    const broken = async () => Promise.reject(new Error('frame failed to load'))
    expect(await sessionStillOpen(broken, kept)).toBe(false)
  })
})
