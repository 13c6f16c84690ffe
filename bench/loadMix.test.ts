import { expect, it } from 'vitest'
import { callShares, forVisitor, pageCalls } from './loadMix.ts'

const calls = pageCalls({ projectId: 'latch-dev', evmChainIds: [31337, 31338] })
const visitor = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

it('weights a page visit as a page makes its calls: gateway calls the largest share', () => {
  expect(callShares(calls)).toEqual({
    config: 1,
    origins: 1,
    wallets: 2,
    balance: 2,
    identity: 1,
    history: 1,
    rpc: 6,
  })
  expect(calls.every((call) => new URL(call.path, 'http://x').searchParams.get('projectId'))).toBe(
    true,
  )
})

it("puts the visitor's address in every path and JSON-RPC body that names one", () => {
  const visited = calls.map((call) => forVisitor(call, visitor))
  expect(visited.some((call) => call.path.includes('{address}'))).toBe(false)
  expect(visited.filter((call) => call.path.includes(visitor)).map((call) => call.name)).toEqual([
    'balance',
    'balance',
    'identity',
    'history',
  ])
  const params = visited
    .filter((call) => call.body !== undefined)
    .map((call) => JSON.parse(call.body as string) as { method: string; params: unknown[] })
    .filter((body) => body.params.includes(visitor))
    .map((body) => body.method)
  expect(params).toEqual(['eth_getBalance', 'eth_getTransactionCount'])
  expect(calls[5]?.path).toContain('{address}')
})

it('refuses a mix without an EVM chain', () => {
  expect(() => pageCalls({ projectId: 'latch-dev', evmChainIds: [] })).toThrow(/EVM chain/)
})
