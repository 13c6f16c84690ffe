import type { CaipNetworkId } from '@latch/protocol/caip'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  DEMO_ORIGIN,
  startTestServer,
  type TestServer,
} from '../../../../../apps/server/test/helpers.ts'
import { LatchError } from '../../errors.ts'
import { createGatewayRpc, SolanaRpcError } from './rpc.ts'

const solana = inject('devnet').solana as NonNullable<ReturnType<typeof inject<'devnet'>>['solana']>
const caipNetworkId = solana.caipNetworkId as CaipNetworkId

/** fetch as the demo page makes it, recording each URL asked. */
function pageFetch(urls: string[]): typeof fetch {
  return (input, init) => {
    urls.push(String(input))
    return fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), origin: DEMO_ORIGIN },
    })
  }
}

describe('createGatewayRpc (Solana JSON-RPC through the server)', () => {
  let server: TestServer
  let serverUrl: string
  beforeAll(async () => {
    server = await startTestServer('pglite')
    serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('reads the chain through POST /v1 with the chain, project, sdk type and version', async () => {
    const urls: string[] = []
    const rpc = createGatewayRpc({
      serverUrl,
      projectId: 'latch-dev',
      caipNetworkId,
      fetch: pageFetch(urls),
    })
    const account = solana.accounts[0] as { address: string }
    const { value } = await rpc.call<{ value: number }>('getBalance', [account.address])
    expect(value).toBeGreaterThan(0)
    expect(await rpc.call<string>('getGenesisHash')).toBe(solana.genesisHash)
    const url = new URL(urls[0] as string)
    expect(url.pathname).toBe('/v1')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      chainId: caipNetworkId,
      projectId: 'latch-dev',
      st: 'latch',
      sv: '0.1.0',
    })
  })

  it("throws the node's refusal with its code and message, and the server's with its reason", async () => {
    const rpc = createGatewayRpc({
      serverUrl,
      projectId: 'latch-dev',
      caipNetworkId,
      fetch: pageFetch([]),
    })
    const refused = await rpc
      .call('requestAirdrop', [solana.accounts[0]?.address, 1])
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SolanaRpcError)
    expect(refused).toMatchObject({
      code: -32601,
      message: 'Method requestAirdrop is not allowed on the gateway',
    })
    const invalid = await rpc
      .call('getBalance', ['not-an-address'])
      .catch((error: unknown) => error)
    expect(invalid).toBeInstanceOf(SolanaRpcError)
    expect((invalid as SolanaRpcError).code).toBe(-32602)

    const unknown = createGatewayRpc({
      serverUrl,
      projectId: 'no-such-project',
      caipNetworkId,
      fetch: pageFetch([]),
    })
    const error = await unknown.call('getSlot').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(LatchError)
    expect((error as LatchError).details).toMatch(/^getSlot: HTTP 4\d\d from the gateway: ./)
  })
})
