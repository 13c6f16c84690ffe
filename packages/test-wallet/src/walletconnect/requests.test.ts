import { type Hex, toHex, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createRequestHandler, type Decision } from './requests.ts'

// Anvil's well-known first two keys; nothing here touches a chain.
const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const other = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const account = privateKeyToAccount(key)

function setup(decision: Decision = 'approve') {
  let active = 1
  const switched: number[] = []
  const handle = createRequestHandler({
    account: () => account,
    activeChainId: () => active,
    rpcUrl: (chainId) => (chainId === 1 || chainId === 2 ? 'http://127.0.0.1:1' : undefined),
    switchChain: async (chainId) => {
      active = chainId
      switched.push(chainId)
    },
    decide: () => decision,
  })
  const call = (method: string, params: unknown[] = []) =>
    handle({ method, params, chainId: `eip155:${active}` })
  return { call, switched }
}

const typedData = {
  domain: { name: 'Latch', chainId: 1 },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'hello' },
} as const

describe('createRequestHandler', () => {
  it('signs personal_sign and eth_sign with the active key', async () => {
    const { call } = setup()
    const message = 'hello'
    const personal = (await call('personal_sign', [toHex(message), account.address])) as Hex
    expect(await verifyMessage({ address: account.address, message, signature: personal })).toBe(
      true,
    )
    expect(await call('eth_sign', [account.address, toHex(message)])).toBe(personal)
  })

  it('signs eth_signTypedData_v4 given as JSON text or as an object', async () => {
    const { call } = setup()
    for (const data of [JSON.stringify(typedData), typedData]) {
      const signature = (await call('eth_signTypedData_v4', [account.address, data])) as Hex
      expect(await verifyTypedData({ ...typedData, address: account.address, signature })).toBe(
        true,
      )
    }
  })

  it('answers the account and chain without asking', async () => {
    const { call } = setup('reject')
    expect(await call('eth_accounts')).toEqual([account.address])
    expect(await call('eth_requestAccounts')).toEqual([account.address])
    expect(await call('eth_chainId')).toBe('0x1')
  })

  it('refuses another account (4100), a rejection (4001) and an unknown method (4200)', async () => {
    await expect(setup().call('personal_sign', ['0x00', other.address])).rejects.toMatchObject({
      code: 4100,
    })
    await expect(
      setup('reject').call('personal_sign', ['0x00', account.address]),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await expect(setup().call('eth_signTransaction', [{}])).rejects.toMatchObject({ code: 4200 })
  })

  it('switches to a known chain, refuses an unknown one with 4902', async () => {
    const { call, switched } = setup()
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x2' }])).toBeNull()
    expect(switched).toEqual([2])
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x3' }])).rejects.toMatchObject({
      code: 4902,
    })
    expect(await call('wallet_addEthereumChain', [{ chainId: '0x1' }])).toBeNull()
    await expect(call('wallet_addEthereumChain', [{ chainId: '0x3' }])).rejects.toMatchObject({
      code: 4200,
    })
  })
})
