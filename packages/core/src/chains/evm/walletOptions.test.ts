import type { Connector } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import { EMBEDDED_CONNECTOR_ID } from '../../embedded/connectorId.ts'
import { WALLETCONNECT_CONNECTOR_ID } from './walletconnect/connectorId.ts'
import { listWallets, toWalletOption } from './walletOptions.ts'

/** A wagmi connector in the parts the list reads. */
const connector = (parts: Partial<Connector> & Record<string, unknown>) =>
  ({ type: 'injected', name: parts.id, icon: undefined, ...parts }) as unknown as Connector

const legacy = connector({ id: 'injected', name: 'Injected' })
const rabby = connector({ id: 'io.rabby', name: 'Rabby', icon: 'data:rabby' })
const embedded = connector({
  id: EMBEDDED_CONNECTOR_ID,
  walletInfo: () => ({ name: 'Email wallet', icon: 'data:mail' }),
})
const walletConnect = connector({
  id: WALLETCONNECT_CONNECTOR_ID,
  type: 'walletConnect',
  name: 'WalletConnect',
  peer: () => ({ name: 'Phone Wallet', icon: 'data:phone' }),
})

describe('the EVM wallet list', () => {
  it('lists the wallets that announced themselves, by their rdns, and never the embedded one', () => {
    expect(listWallets([legacy, rabby, embedded], () => true)).toEqual([
      { id: 'io.rabby', name: 'Rabby', icon: 'data:rabby', rdns: 'io.rabby', kind: 'announced' },
    ])
  })

  it('offers the legacy window.ethereum only when none announced itself and the page has one', () => {
    expect(listWallets([legacy, embedded], () => true)).toEqual([
      {
        id: 'injected',
        name: 'Browser Wallet',
        icon: undefined,
        rdns: undefined,
        kind: 'injected',
      },
    ])
    expect(listWallets([legacy], () => false)).toEqual([])
  })

  it('shows a WalletConnect session by its peer wallet, and the embedded wallet by its own name', () => {
    expect(toWalletOption(walletConnect)).toEqual({
      id: WALLETCONNECT_CONNECTOR_ID,
      name: 'Phone Wallet',
      icon: 'data:phone',
      rdns: undefined,
      kind: 'walletConnect',
    })
    expect(toWalletOption(embedded)).toMatchObject({ name: 'Email wallet', icon: 'data:mail' })
  })
})
