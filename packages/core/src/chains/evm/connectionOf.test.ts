import type { Connector } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import { connectionOf } from './connectionOf.ts'

const rabby = { id: 'io.rabby', name: 'Rabby', type: 'injected', icon: undefined } as Connector
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe("wagmi's connection in CAIP form", () => {
  it('a connected wallet is its account and chain as CAIP ids', () => {
    expect(
      connectionOf({ status: 'connected', address: ACCOUNT, chainId: 31337, connector: rabby }, 0),
    ).toEqual({
      status: 'connected',
      address: ACCOUNT,
      caipNetworkId: 'eip155:31337',
      caipAddress: `eip155:31337:${ACCOUNT}`,
      wallet: {
        id: 'io.rabby',
        name: 'Rabby',
        icon: undefined,
        rdns: 'io.rabby',
        kind: 'announced',
      },
    })
  })

  it("shows 'connecting' only for a connect the kit asked for, not wagmi's own look at start-up", () => {
    const connecting = {
      status: 'connecting',
      address: undefined,
      chainId: undefined,
      connector: rabby,
    } as const
    expect(connectionOf(connecting, 0)).toEqual({ status: 'disconnected' })
    expect(connectionOf(connecting, 1)).toMatchObject({
      status: 'connecting',
      wallet: { name: 'Rabby' },
    })
  })

  it('a reconnect with no connector yet names no wallet', () => {
    expect(
      connectionOf(
        { status: 'reconnecting', address: undefined, chainId: undefined, connector: undefined },
        0,
      ),
    ).toEqual({ status: 'reconnecting', wallet: undefined })
  })
})
