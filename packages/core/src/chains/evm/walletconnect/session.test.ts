import { describe, expect, it } from 'vitest'
import type { WalletConnectConnectorOptions } from './connector.ts'
import type { WalletConnectProvider } from './provider.ts'
import { createWalletConnectSession, SOLANA_METHODS, solanaAccountOf } from './session.ts'

const LOCAL_SOLANA = 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8'
const SOL_ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

/** A provider that records the proposal's namespaces and settles at once with `namespaces`. */
function provider(settled: Record<string, { accounts: string[]; methods: string[] }>) {
  const proposals: unknown[] = []
  const requests: { call: unknown; chain: string | undefined }[] = []
  const fake = {
    session: undefined as unknown,
    client: { proposal: { getAll: () => [] }, core: { expirer: { set() {} } } },
    on() {},
    off() {},
    async connect(params: { optionalNamespaces: unknown }) {
      proposals.push(params.optionalNamespaces)
      fake.session = { namespaces: settled, peer: { metadata: { name: 'Phone', icons: [] } } }
    },
    async request(call: unknown, chain?: string) {
      requests.push({ call, chain })
      return { signature: 'sig' }
    },
  }
  return { fake: fake as unknown as WalletConnectProvider, proposals, requests }
}

function sessionWith(fake: WalletConnectProvider, solanaChains?: string[]) {
  const options: WalletConnectConnectorOptions = {
    load: async () => fake,
    rpcUrl: (id) => `http://gateway/${id}`,
    hasStoredSession: () => false,
    setStoredSession: () => {},
    ...(solanaChains ? { solanaChains } : {}),
  }
  const config = { chains: [{ id: 31337 }], emitter: { emit() {} } }
  return createWalletConnectSession(config as never, options)
}

describe('the WalletConnect session and the solana namespace', () => {
  it('proposes eip155 and, when the site has Solana networks, solana, both optional', async () => {
    const { fake, proposals } = provider({})
    await sessionWith(fake, [LOCAL_SOLANA]).pair(() => {})
    expect(proposals).toEqual([
      {
        eip155: expect.objectContaining({ chains: ['eip155:31337'] }),
        solana: { chains: [LOCAL_SOLANA], methods: SOLANA_METHODS, events: [] },
      },
    ])
  })

  it('an EVM-only site proposes eip155 alone', async () => {
    const { fake, proposals } = provider({})
    await sessionWith(fake).pair(() => {})
    expect(Object.keys(proposals[0] as object)).toEqual(['eip155'])
  })

  it('reads the approved Solana account and sends solana calls on the chain asked', async () => {
    const { fake, requests } = provider({
      solana: {
        accounts: [`${LOCAL_SOLANA}:${SOL_ADDRESS}`],
        methods: ['solana_signMessage', 'solana_signTransaction'],
      },
    })
    const session = sessionWith(fake, [LOCAL_SOLANA])
    expect(session.solanaAccount()).toBeUndefined()
    await session.pair(() => {})
    expect(session.solanaAccount()).toEqual({
      address: SOL_ADDRESS,
      chains: [LOCAL_SOLANA],
      methods: ['solana_signMessage', 'solana_signTransaction'],
    })
    const call = { method: 'solana_signMessage', params: { message: '8wr', pubkey: SOL_ADDRESS } }
    await session.request(call, LOCAL_SOLANA)
    expect(requests).toEqual([{ call, chain: LOCAL_SOLANA }])
  })

  it('maps a solana namespace to its account: the first address, its chains, the methods', () => {
    expect(solanaAccountOf(undefined)).toBeUndefined()
    expect(solanaAccountOf({ accounts: [], methods: [] })).toBeUndefined()
    expect(
      solanaAccountOf({
        accounts: [
          `${LOCAL_SOLANA}:${SOL_ADDRESS}`,
          `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${SOL_ADDRESS}`,
        ],
        methods: ['solana_signAndSendTransaction'],
      }),
    ).toEqual({
      address: SOL_ADDRESS,
      chains: [LOCAL_SOLANA, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
      methods: ['solana_signAndSendTransaction'],
    })
  })
})
