import type { ConnectedUser } from '@latch/protocol/frame'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FrameRequestError } from './errors.ts'
import { setupEmbedded } from './testEmbedded.ts'
import { embeddedAccountPatch } from './walletInfo.ts'

const CHANNEL = 'https://warpcast.com/~/siwf?channelToken=abc123'
const ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const farcasterUser: ConnectedUser = {
  address: ADDRESS,
  chainId: 31337,
  accounts: [{ address: ADDRESS, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
  farcaster: {
    fid: 1001,
    username: 'alice',
    displayName: 'Alice',
    pfpUrl: 'https://img.test/a.png',
  },
}

type Answer = 'pending' | 'connected' | 'declined' | 'expired'

/** A frame whose CONNECT_FARCASTER answers in turn; the last answer waits forever. */
function farcasterFrame(answers: Answer[]) {
  return {
    GET_FARCASTER_URI: () => ({
      url: CHANNEL,
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
    }),
    CONNECT_FARCASTER: () => {
      const answer = answers.shift()
      if (!answer) return new Promise<never>(() => {})
      return answer === 'connected'
        ? { status: 'connected' as const, user: farcasterUser }
        : { status: answer }
    },
    CANCEL_FARCASTER: () => ({}),
  }
}

describe('Farcaster login', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("shows the channel's URL, then logs the user in as Farcaster with their name and avatar", async () => {
    const { embedded, router, account, connected, asked } = setupEmbedded(
      farcasterFrame(['pending', 'connected']),
    )
    const done = embedded.connectFarcaster()
    expect(router.state.get().view).toBe('ConnectingFarcaster')
    expect(embedded.state.get().farcaster).toEqual({ status: 'starting' })
    expect(await done).toBe(true)
    expect(asked()).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER', 'CONNECT_FARCASTER'])
    expect(connected).toEqual(['farcaster'])
    expect(account.get().farcasterUrl).toBeUndefined()
    // The account the connector fills for this user: their Farcaster name and avatar.
    expect(embeddedAccountPatch(farcasterUser, undefined)).toMatchObject({
      profileName: 'alice',
      profileImage: 'https://img.test/a.png',
      socialProvider: 'farcaster',
      connectedWalletInfo: { name: 'Farcaster', identifier: 'alice', social: 'farcaster' },
    })
    expect(embedded.walletInfo()).toEqual({
      name: 'Farcaster',
      identifier: 'alice',
      social: 'farcaster',
      icon: 'https://img.test/a.png',
    })
  })

  it('keeps the URL as the account’s farcasterUrl while waiting', async () => {
    const { embedded, account } = setupEmbedded(farcasterFrame(['pending']))
    void embedded.connectFarcaster()
    await vi.advanceTimersByTimeAsync(0)
    expect(account.get().farcasterUrl).toBe(CHANNEL)
    expect(embedded.state.get().farcaster).toEqual({ status: 'waiting', url: CHANNEL })
  })

  it.each([
    ['declined', 'declined'],
    ['expired', 'expired'],
  ] as const)(
    'ends %s in its own state, and Try again opens a new channel',
    async (answer, status) => {
      const answers: Answer[] = [answer]
      const { embedded, connected, asked } = setupEmbedded(farcasterFrame(answers))
      expect(await embedded.connectFarcaster()).toBe(false)
      expect(embedded.state.get().farcaster).toEqual({ status })
      expect(connected).toEqual([])
      answers.push('connected')
      expect(await embedded.connectFarcaster()).toBe(true)
      expect(asked().filter((name) => name === 'GET_FARCASTER_URI')).toHaveLength(2)
    },
  )

  it('ends a network error in the error state with its message', async () => {
    const { embedded } = setupEmbedded({
      GET_FARCASTER_URI: () => {
        throw new FrameRequestError('The Farcaster relay did not answer: try again')
      },
    })
    expect(await embedded.connectFarcaster()).toBe(false)
    expect(embedded.state.get().farcaster).toEqual({
      status: 'error',
      error: 'The Farcaster relay did not answer: try again',
    })
  })

  it('going back unconnected clears farcasterUrl at once and resyncs the frame after 100 ms', async () => {
    const { embedded, router, account, frame } = setupEmbedded(farcasterFrame(['pending']))
    router.push('ConnectingFarcaster')
    void embedded.connectFarcaster()
    await vi.advanceTimersByTimeAsync(0)
    expect(account.get().farcasterUrl).toBe(CHANNEL)
    const sent = frame.requests.length
    router.goBack()
    expect(router.state.get().view).toBe('Connect')
    expect(account.get().farcasterUrl).toBeUndefined()
    await vi.advanceTimersByTimeAsync(99)
    expect(frame.requests.slice(sent).map((request) => request.name)).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    // The frame's login is dropped, and the site's metadata and theme are sent again.
    expect(
      frame.requests
        .slice(sent)
        .map((request) => request.name)
        .sort(),
    ).toEqual(['CANCEL_FARCASTER', 'SYNC_DAPP_DATA', 'SYNC_THEME'])
    expect(frame.requests.find((request) => request.name === 'SYNC_DAPP_DATA')?.payload).toEqual({
      name: 'Shop',
      url: 'https://shop.example',
    })
  })

  it('closing the modal drops the login in the frame at once', async () => {
    const { embedded, modal, asked } = setupEmbedded(farcasterFrame(['pending']))
    void embedded.connectFarcaster()
    await vi.advanceTimersByTimeAsync(0)
    modal.close()
    await vi.advanceTimersByTimeAsync(0)
    expect(asked()).toContain('CANCEL_FARCASTER')
  })
})
