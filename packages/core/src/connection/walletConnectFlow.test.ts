import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS, RETRY_GAP_MS } from '../constants.ts'
import { createEvents } from '../events/index.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createConnection } from './createConnection.ts'
import { createWalletConnectFlow } from './walletConnectFlow.ts'

/** A pairing the test answers by hand, as a wallet would. */
type FakePairing = { uri: string; approve(): void; reject(error: unknown): void }

function setup({ deduplicated = false, uriDelayMs = 0 } = {}) {
  const connection = createConnection({
    storage: createStorage({ storage: createMemoryStorage() }),
    events: createEvents(),
  })
  const pairings: FakePairing[] = []
  const onApproved = vi.fn(async () => {
    connection.setStatus('connected')
  })
  const flow = createWalletConnectFlow({
    connection,
    isDeduplicated: () => deduplicated,
    onApproved,
    pair(onUri) {
      return new Promise<void>((resolve, reject) => {
        const uri = `wc:pairing-${pairings.length + 1}@2?relay-protocol=irn&symKey=00`
        pairings.push({ uri, approve: resolve, reject })
        if (uriDelayMs > 0) setTimeout(() => onUri(uri), uriDelayMs)
        else queueMicrotask(() => onUri(uri))
      })
    },
  })
  const state = () => connection.state.get()
  return { connection, flow, pairings, onApproved, state }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createWalletConnectFlow', () => {
  it('shows a URI that expires 4 min after it is made', async () => {
    const { flow, state } = setup({ uriDelayMs: 300 })
    void flow.connect()
    expect(state()).toMatchObject({ buffering: true, status: 'connecting', wcError: false })
    expect(state().wcUri).toBeUndefined()
    await vi.advanceTimersByTimeAsync(300)
    expect(state().wcUri).toBe('wc:pairing-1@2?relay-protocol=irn&symKey=00')
    expect(state().buffering).toBe(false)
    expect(state().wcPairingExpiry).toBe(Date.now() + PAIRING_EXPIRY_MS)
  })

  it('replaces the URI 10 s before it expires, not sooner', async () => {
    const { flow, pairings, state } = setup()
    void flow.connect()
    await settle()
    const due = PAIRING_EXPIRY_MS - PAIRING_EXPIRY_MARGIN_MS
    await vi.advanceTimersByTimeAsync(due - 1)
    expect(pairings).toHaveLength(1)
    expect(state().wcUri).toBe(pairings[0]?.uri)
    await vi.advanceTimersByTimeAsync(1)
    expect(pairings).toHaveLength(2)
    expect(state().wcUri).toBe(pairings[1]?.uri)
    expect(state().wcPairingExpiry).toBe(Date.now() + PAIRING_EXPIRY_MS)
    // and again for the next one
    await vi.advanceTimersByTimeAsync(due)
    expect(pairings).toHaveLength(3)
  })

  it('resolves once the wallet approves, then stops refreshing', async () => {
    const { flow, pairings, onApproved, state } = setup()
    const connected = flow.connect()
    await settle()
    pairings[0]?.approve()
    await connected
    expect(onApproved).toHaveBeenCalledTimes(1)
    expect(state().status).toBe('connected')
    await vi.advanceTimersByTimeAsync(PAIRING_EXPIRY_MS * 2)
    expect(pairings).toHaveLength(1)
  })

  it('accepts an approval of the URI it just replaced', async () => {
    const { flow, pairings, onApproved } = setup()
    void flow.connect()
    await vi.advanceTimersByTimeAsync(PAIRING_EXPIRY_MS - PAIRING_EXPIRY_MARGIN_MS)
    expect(pairings).toHaveLength(2)
    pairings[0]?.approve()
    await settle()
    expect(onApproved).toHaveBeenCalledTimes(1)
    // the newer attempt is over too: no third URI
    await vi.advanceTimersByTimeAsync(PAIRING_EXPIRY_MS)
    expect(pairings).toHaveLength(2)
  })

  it('a declined or failed pairing sets wcError, clears the URI and rejects', async () => {
    const { flow, pairings, state } = setup()
    const connected = flow.connect()
    await settle()
    const declined = { code: 5000, message: 'User rejected.' }
    pairings[0]?.reject(declined)
    await expect(connected).rejects.toBe(declined)
    expect(state()).toMatchObject({ wcError: true, buffering: false, status: 'disconnected' })
    expect(state().wcUri).toBeUndefined()
    // no refresh of a failed attempt
    await vi.advanceTimersByTimeAsync(PAIRING_EXPIRY_MS)
    expect(pairings).toHaveLength(1)
  })

  it('a retry clears wcError and starts a new pairing, at least 1 s after the last', async () => {
    const { flow, pairings, state } = setup()
    const first = flow.connect()
    await settle()
    pairings[0]?.reject(new Error('relay unreachable'))
    await expect(first).rejects.toThrow('relay unreachable')
    await vi.advanceTimersByTimeAsync(200)
    void flow.connect().catch(() => {})
    expect(state().wcError).toBe(false)
    await vi.advanceTimersByTimeAsync(RETRY_GAP_MS - 200 - 1)
    expect(pairings).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(pairings).toHaveLength(2)
  })

  it('elsewhere, each connect starts a new pairing', async () => {
    const { flow, pairings } = setup()
    void flow.connect()
    await vi.advanceTimersByTimeAsync(RETRY_GAP_MS)
    void flow.connect()
    await vi.advanceTimersByTimeAsync(RETRY_GAP_MS)
    expect(pairings).toHaveLength(2)
  })

  it('after stop, an approval is ignored and the URI is no longer refreshed', async () => {
    const { flow, pairings, onApproved } = setup()
    void flow.connect()
    await settle()
    flow.stop()
    pairings[0]?.approve()
    await vi.advanceTimersByTimeAsync(PAIRING_EXPIRY_MS)
    expect(onApproved).not.toHaveBeenCalled()
    expect(pairings).toHaveLength(1)
  })

  describe('on Telegram and iOS Safari (a pending pairing is reused)', () => {
    it('a second connect awaits the pending attempt instead of pairing again', async () => {
      const { flow, pairings, onApproved } = setup({ deduplicated: true })
      const first = flow.connect()
      await settle()
      const second = flow.connect()
      await vi.advanceTimersByTimeAsync(RETRY_GAP_MS * 5)
      expect(pairings).toHaveLength(1)
      pairings[0]?.approve()
      await Promise.all([first, second])
      expect(onApproved).toHaveBeenCalledTimes(1)
    })

    it('coming back to the view keeps the pairing the wallet is answering', async () => {
      const { flow, pairings, onApproved, state } = setup({ deduplicated: true })
      void flow.connect()
      await settle()
      const uri = state().wcUri
      flow.stop()
      const again = flow.connect()
      expect(state().wcUri).toBe(uri)
      pairings[0]?.approve()
      await again
      expect(pairings).toHaveLength(1)
      expect(onApproved).toHaveBeenCalledTimes(1)
    })

    it('reuses an unexpired URI once nothing is pending, and pairs again once it expired', async () => {
      const { connection, flow, pairings, state } = setup({ deduplicated: true })
      const first = flow.connect()
      await settle()
      pairings[0]?.approve()
      await first
      connection.setStatus('disconnected')
      await flow.connect()
      expect(pairings).toHaveLength(1)
      expect(state().wcUri).toBe(pairings[0]?.uri)
      vi.setSystemTime(Date.now() + PAIRING_EXPIRY_MS - PAIRING_EXPIRY_MARGIN_MS)
      void flow.connect()
      await settle()
      expect(pairings).toHaveLength(2)
    })
  })
})
