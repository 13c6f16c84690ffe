import { describe, expect, it } from 'vitest'
import { createApiClient, HttpStatusError, UnexpectedAnswerError } from './client.ts'

const SERVER = 'http://server.test'
const HOLDING = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 3000,
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: 'http://server.test/public/getTokenImage/ETH',
}

/** A client of a server that answers every call with `status` and `body`; records the URLs asked. */
function clientAnswering(body: unknown, status = 200) {
  const asked: string[] = []
  const api = createApiClient({
    baseUrl: SERVER,
    projectId: 'p1',
    fetch: async (input) => {
      asked.push(String(input))
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      })
    },
  })
  return { api, asked }
}

describe("the kit's server client", () => {
  it('gives an answer of the right shape as the server sent it', async () => {
    const answer = { balances: [{ ...HOLDING, extra: 'kept' }] }
    const { api, asked } = clientAnswering(answer)
    await expect(api.balance('0xabc', 'eip155:31337')).resolves.toEqual(answer)
    const url = new URL(asked[0] ?? '')
    expect(url.pathname).toBe('/v1/account/0xabc/balance')
    expect(url.searchParams.get('chainId')).toBe('eip155:31337')
  })

  it('refuses an answer of another shape, naming the call and the field', async () => {
    const { api } = clientAnswering({ balances: [{ ...HOLDING, price: '3000' }] })
    const refusal = await api.balance('0xabc', 'eip155:31337').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(UnexpectedAnswerError)
    expect((refusal as UnexpectedAnswerError).shortMessage).toBe(
      'Unexpected answer from the server',
    )
    expect((refusal as UnexpectedAnswerError).details).toMatch(
      /^GET \/v1\/account\/0xabc\/balance: balances\.0\.price: /,
    )
  })

  it('refuses a value a field cannot hold, not only a wrong type', async () => {
    const { api } = clientAnswering({ allowance: '-1' })
    await expect(
      api.convertAllowance({ tokenAddress: 'eip155:1:0x1', userAddress: 'eip155:1:0x2' }),
    ).rejects.toBeInstanceOf(UnexpectedAnswerError)
    const { api: chains } = clientAnswering({ http: ['not a network id'], ws: [] })
    await expect(chains.supportedChains()).rejects.toThrow(/http\.0: Expected a CAIP-2 network id/)
  })

  it('reads a name lookup of `[]` as no name, and refuses anything else that is no record', async () => {
    await expect(clientAnswering([]).api.profileAccount('nobody.latch.id')).resolves.toBe(undefined)
    await expect(
      clientAnswering([{ name: 'x' }]).api.profileAccount('x.latch.id'),
    ).rejects.toBeInstanceOf(UnexpectedAnswerError)
  })

  it("refuses a Bitcoin network's fee rates where an EVM gas price was asked", async () => {
    const { api } = clientAnswering({ unit: 'sat/vB', slow: 1, normal: 2, fast: 3 })
    await expect(api.gasPrice('eip155:1')).rejects.toBeInstanceOf(UnexpectedAnswerError)
    const { api: evm } = clientAnswering({ standard: '1', fast: '2', instant: '3' })
    await expect(evm.gasPrice('eip155:1')).resolves.toEqual({
      standard: '1',
      fast: '2',
      instant: '3',
    })
  })

  it('still reports a refusal by its status and message, before any shape', async () => {
    const { api } = clientAnswering({ statusCode: 400, error: 'Bad Request', message: 'no' }, 400)
    const refusal = await api.identity('0xabc').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(HttpStatusError)
    expect(refusal).toMatchObject({ status: 400, details: 'no' })
  })
})
