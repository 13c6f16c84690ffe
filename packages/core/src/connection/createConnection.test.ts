import { describe, expect, it, vi } from 'vitest'
import { PAIRING_EXPIRY_MS } from '../constants.ts'
import { createEvents } from '../events/index.ts'
import {
  createMemoryStorage,
  createStorage,
  STORAGE_KEYS,
  type StorageLike,
} from '../storage/index.ts'
import { createConnection } from './createConnection.ts'

const rainbow = { id: 'rainbow', name: 'Rainbow' }
const metamask = { id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }
const zerion = { id: 'zerion', name: 'Zerion' }

function setup(backing: StorageLike = createMemoryStorage(), now = () => 1_000_000) {
  const events = createEvents()
  const storage = createStorage({ storage: backing })
  return { connection: createConnection({ storage, events, now }), events, storage, backing }
}

describe('createConnection', () => {
  it('starts disconnected with nothing pending', () => {
    expect(setup().connection.state.get()).toMatchObject({
      status: 'disconnected',
      connections: [],
      wcError: false,
      buffering: false,
      recentWallets: [],
    })
  })

  it('keeps at most 2 recent wallets, most recent first, without duplicates', () => {
    const { connection } = setup()
    connection.recordRecentWallet(rainbow)
    connection.recordRecentWallet(metamask)
    connection.recordRecentWallet(rainbow)
    expect(connection.state.get().recentWallets).toEqual([rainbow, metamask])
    connection.recordRecentWallet(zerion)
    expect(connection.state.get().recentWallets).toEqual([zerion, rainbow])
  })

  it('persists recent wallets for the next instance on the same storage', () => {
    const backing = createMemoryStorage()
    setup(backing).connection.recordRecentWallet({
      ...metamask,
      extra: 'dropped',
    } as typeof metamask)
    const next = setup(backing).connection
    expect(next.state.get().recentWallets).toEqual([metamask])
    next.recordRecentWallet(rainbow)
    expect(setup(backing).connection.state.get().recentWallets).toEqual([rainbow, metamask])
  })

  it('ignores stored recent wallets of an unexpected shape', () => {
    const backing = createMemoryStorage()
    backing.setItem(STORAGE_KEYS.recentWallets, JSON.stringify([{ id: 1 }]))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(setup(backing).connection.state.get().recentWallets).toEqual([])
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('sets the pairing expiry 4 min ahead and calls it expired 10 s before', () => {
    const { connection } = setup(createMemoryStorage(), () => 1_000_000)
    expect(connection.isPairingExpired()).toBe(true)
    connection.setWcUri('wc:abc@2')
    const expiry = 1_000_000 + PAIRING_EXPIRY_MS
    expect(connection.state.get()).toMatchObject({ wcUri: 'wc:abc@2', wcPairingExpiry: expiry })
    expect(connection.isPairingExpired()).toBe(false)
    expect(connection.isPairingExpired(expiry - 10_001)).toBe(false)
    expect(connection.isPairingExpired(expiry - 10_000)).toBe(true)
    connection.setWcUri(undefined)
    expect(connection.state.get().wcPairingExpiry).toBeUndefined()
  })

  it('stores the deep link choice and restores it in the next instance', () => {
    const backing = createMemoryStorage()
    setup(backing).connection.setWcLinking({ name: 'Rainbow', href: 'rainbow://' })
    expect(setup(backing).connection.state.get().wcLinking).toEqual({
      name: 'Rainbow',
      href: 'rainbow://',
    })
  })

  it('reset clears URI, expiry, linking, recent wallet and stored deep link', () => {
    const backing = createMemoryStorage()
    const { connection } = setup(backing)
    connection.setStatus('connected')
    connection.setWcUri('wc:abc@2')
    connection.setWcLinking({ name: 'Rainbow', href: 'rainbow://' })
    connection.setRecentWallet(rainbow)
    connection.recordRecentWallet(rainbow)
    connection.reset()
    expect(connection.state.get()).toMatchObject({
      status: 'disconnected',
      wcUri: undefined,
      wcPairingExpiry: undefined,
      wcLinking: undefined,
      recentWallet: undefined,
      recentWallets: [rainbow],
    })
    expect(backing.getItem(STORAGE_KEYS.deepLinkChoice)).toBeNull()
    expect(setup(backing).connection.state.get().wcLinking).toBeUndefined()
  })

  it('finalize stores deep link and recent wallet and tracks CONNECT_SUCCESS with the method', () => {
    const backing = createMemoryStorage()
    const { connection, events } = setup(backing)
    const listener = vi.fn()
    events.subscribe(listener)
    connection.finalize({
      wallet: rainbow,
      method: 'mobile',
      linking: { name: 'Rainbow', href: 'rainbow://' },
    })
    expect(listener).toHaveBeenCalledWith(
      {
        type: 'track',
        event: 'CONNECT_SUCCESS',
        properties: { method: 'mobile', name: 'Rainbow', walletId: 'rainbow' },
      },
      expect.any(Number),
    )
    expect(connection.state.get()).toMatchObject({
      recentWallet: rainbow,
      recentWallets: [rainbow],
    })
    const next = setup(backing).connection.state.get()
    expect(next.wcLinking).toEqual({ name: 'Rainbow', href: 'rainbow://' })
    expect(next.recentWallets).toEqual([rainbow])
  })

  it('finalize by QR code tracks qrcode and keeps no deep link when none was chosen', () => {
    const backing = createMemoryStorage()
    const { connection, events } = setup(backing)
    connection.finalize({ wallet: metamask, method: 'qrcode' })
    expect(events.state.get().lastEvent).toMatchObject({ properties: { method: 'qrcode' } })
    expect(backing.getItem(STORAGE_KEYS.deepLinkChoice)).toBeNull()
  })

  it('keeps status, error, buffering and connections as set', () => {
    const { connection } = setup()
    connection.setStatus('reconnecting')
    connection.setWcError(true)
    connection.setBuffering(true)
    connection.setConnections([
      { connectorId: 'injected', namespace: 'eip155', accounts: [{ address: '0xabc' }] },
    ])
    expect(connection.state.get()).toMatchObject({
      status: 'reconnecting',
      wcError: true,
      buffering: true,
      connections: [{ connectorId: 'injected' }],
    })
  })

  it('two instances on separate storage share nothing', () => {
    const a = setup().connection
    const b = setup().connection
    a.recordRecentWallet(rainbow)
    a.setStatus('connected')
    expect(b.state.get()).toMatchObject({ status: 'disconnected', recentWallets: [] })
  })
})
