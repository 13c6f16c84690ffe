import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { WalletRequest } from '../wallet.ts'
import { base58 } from './keys.ts'
import { createSolanaWalletCore } from './walletCore.ts'

/** A fresh 64-byte secret key (seed then public key) in base58, as wallets export it. */
function secretKey(): string {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32)
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return base58.encode(new Uint8Array(Buffer.concat([seed, pub])))
}

const ORIGIN = 'http://127.0.0.1:5173'

function setup() {
  const asked: string[] = []
  let changes = 0
  const core = createSolanaWalletCore(
    {
      secretKey: secretKey(),
      // Nothing listens here: these tests never reach the send.
      rpcUrl: 'http://127.0.0.1:9',
      chains: ['solana:localnet'],
      decide: (request: WalletRequest) => {
        asked.push(request.method)
        return 'approve'
      },
    },
    async () => {
      changes++
    },
  )
  const call = (method: string, params: unknown) => core.handle(ORIGIN, method, params)
  return { core, call, asked, changes: () => changes }
}

describe('createSolanaWalletCore', () => {
  it('connects silently only an approved origin, and asks once otherwise', async () => {
    const { core, call, asked, changes } = setup()
    expect(await call('standard:connect', { silent: true })).toEqual({ approved: false })
    expect(asked).toEqual([])
    expect(await call('standard:connect', { silent: false })).toEqual({ approved: true })
    expect(core.stateFor(ORIGIN)).toEqual({ seq: 1, approved: true })
    expect(core.stateFor('http://other.test')).toEqual({ seq: 1, approved: false })
    expect(await call('standard:connect', { silent: true })).toEqual({ approved: true })
    expect(asked).toEqual(['standard:connect'])
    expect(changes()).toBe(1)
  })

  it('declines the next request of a method with 4001', async () => {
    const { core, call } = setup()
    await call('standard:connect', {})
    core.rejectNext('solana:signMessage')
    const message = Buffer.from('hi').toString('base64')
    await expect(
      call('solana:signMessage', { account: core.address, message }),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    await expect(
      call('solana:signMessage', { account: core.address, message }),
    ).resolves.toMatchObject({ signedMessage: message })
  })

  it('refuses bad input with -32602 before asking the user', async () => {
    const { core, call, asked } = setup()
    await call('standard:connect', {})
    asked.length = 0
    const account = core.address
    await expect(
      call('solana:signTransaction', {
        account,
        transaction: Buffer.from([1, 0]).toString('base64'),
      }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid params: cannot sign the transaction: /),
    })
    await expect(
      call('solana:signAndSendTransaction', {
        account,
        transaction: 'AQ==',
        chain: 'solana:mainnet',
      }),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid params: the wallet does not support chain solana:mainnet',
    })
    await expect(call('solana:signIn', { input: { version: '2' } })).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid params: signIn version must be "1", got "2"',
    })
    await expect(call('solana:signIn', { input: { nonce: 7 } })).rejects.toMatchObject({
      message: 'Invalid params: signIn nonce must be a string',
    })
    await expect(call('solana:signMessage', { account, message: '***' })).rejects.toMatchObject({
      message: 'Invalid params: message must be bytes',
    })
    expect(asked).toEqual([])
  })

  it('refuses another account, an unapproved origin and an unknown feature', async () => {
    const { core, call } = setup()
    const message = Buffer.from('hi').toString('base64')
    await expect(
      call('solana:signMessage', { account: core.address, message }),
    ).rejects.toMatchObject({ code: 4100 })
    await call('standard:connect', {})
    await expect(
      call('solana:signMessage', { account: '11111111111111111111111111111111', message }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(call('solana:signIn', { input: { address: 'x' } })).rejects.toMatchObject({
      code: 4100,
    })
    await expect(call('solana:signAllTransactions', {})).rejects.toMatchObject({ code: 4200 })
  })

  it('forgets an origin on disconnect, from the page or from the test', async () => {
    const { core, call } = setup()
    await call('standard:connect', {})
    await call('standard:disconnect', {})
    expect(core.stateFor(ORIGIN).approved).toBe(false)
    await call('standard:connect', {})
    await core.disconnect()
    expect(core.stateFor(ORIGIN).approved).toBe(false)
  })
})
