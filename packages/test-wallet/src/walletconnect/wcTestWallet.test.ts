import type { DevnetManifest } from '@latch/protocol'
import type { SessionTypes } from '@walletconnect/types'
import { createPublicClient, http, parseEther, toHex, verifyMessage } from 'viem'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { createTestDapp, type TestDapp } from './dapp.fixture.ts'
import { createWcTestWallet, type WcTestWallet } from './wcTestWallet.ts'

const manifest: DevnetManifest = inject('devnet')
// Accounts 7-9: tests elsewhere use the lower ones, and these move funds.
const [sender, second, recipient] = manifest.accounts.slice(7, 10).map((account) => ({
  address: account.address,
  privateKey: account.privateKey as `0x${string}`,
}))
if (!sender || !second || !recipient)
  throw new Error('the devnet manifest has fewer than 10 accounts')
const [chainA, chainB] = manifest.chains
if (!chainA || !chainB) throw new Error('the devnet manifest has fewer than 2 chains')
const [A, B] = [chainA.chainId, chainB.chainId]

let wallet: WcTestWallet
let dapp: TestDapp

beforeEach(async () => {
  ;[wallet, dapp] = await Promise.all([
    createWcTestWallet({
      ...manifest.walletConnect,
      privateKeys: [sender.privateKey, second.privateKey],
      chains: manifest.chains.map((chain) => ({ id: chain.chainId, rpcUrl: chain.rpcUrl })),
    }),
    createTestDapp(manifest.walletConnect.relayUrl, manifest.walletConnect.projectId),
  ])
})

afterEach(async () => {
  await Promise.all([wallet.close(), dapp.close()])
})

/** Pairs, approves, and returns the session as the dapp sees it. */
async function connect(chains = [`eip155:${A}`, `eip155:${B}`]): Promise<SessionTypes.Struct> {
  const { uri, approval } = await dapp.connect(chains)
  await wallet.pair(uri as string)
  const [, session] = await Promise.all([wallet.approve(), approval()])
  return session
}

const request = <T>(session: SessionTypes.Struct, method: string, params: unknown[], chain = A) =>
  dapp.client.request<T>({
    topic: session.topic,
    chainId: `eip155:${chain}`,
    request: { method, params },
  })

describe('createWcTestWallet', () => {
  it('pairs from a wc: URI and settles a session with the active account, active chain first', async () => {
    const { uri, approval } = await dapp.connect([`eip155:${B}`, `eip155:${A}`])
    const proposal = await wallet.pair(uri as string)
    expect(proposal).toMatchObject({
      proposer: { name: 'Latch Test Dapp', url: 'http://127.0.0.1:5173' },
      requiredChains: [],
      optionalChains: [`eip155:${B}`, `eip155:${A}`],
    })
    const [topic, session] = await Promise.all([wallet.approve(), approval()])
    expect(topic).toBe(session.topic)
    expect(session.namespaces.eip155).toMatchObject({
      chains: [`eip155:${A}`, `eip155:${B}`],
      accounts: [`eip155:${A}:${sender.address}`, `eip155:${B}:${sender.address}`],
      events: ['accountsChanged', 'chainChanged'],
    })
    expect(session.namespaces.eip155?.methods).toEqual(
      expect.arrayContaining([
        'personal_sign',
        'eth_sendTransaction',
        'wallet_switchEthereumChain',
      ]),
    )
    expect(wallet.address).toBe(sender.address)
    expect(wallet.chainId).toBe(A)
  })

  it('signs personal_sign with the active key', async () => {
    const session = await connect()
    const message = 'Sign in to Latch'
    const signature = await request<`0x${string}`>(session, 'personal_sign', [
      toHex(message),
      sender.address,
    ])
    expect(await verifyMessage({ address: sender.address, message, signature })).toBe(true)
    expect(await wallet.waitForRequest('personal_sign')).toMatchObject({
      method: 'personal_sign',
      chainId: `eip155:${A}`,
      result: signature,
    })
  })

  it('sends eth_sendTransaction on the devnet and returns its hash', async () => {
    const session = await connect()
    const client = createPublicClient({ transport: http(chainA.rpcUrl) })
    const before = await client.getBalance({ address: recipient.address })
    const hash = await request<`0x${string}`>(session, 'eth_sendTransaction', [
      { from: sender.address, to: recipient.address, value: toHex(parseEther('1')) },
    ])
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(sender.address.toLowerCase())
    expect(await client.getBalance({ address: recipient.address })).toBe(before + parseEther('1'))
  })

  it("rejects a proposal: the dapp's approval() fails", async () => {
    const { uri, approval } = await dapp.connect([`eip155:${A}`])
    await wallet.pair(uri as string)
    await wallet.reject()
    await expect(approval()).rejects.toMatchObject({ code: 5000 })
  })

  it('rejects requests with 4001 when told to, per method', async () => {
    const session = await connect()
    wallet.setDecision('reject', 'personal_sign')
    await expect(
      request(session, 'personal_sign', [toHex('no'), sender.address]),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(await wallet.waitForRequest('personal_sign')).toMatchObject({ error: { code: 4001 } })
    // Other methods are still approved.
    await expect(
      request(session, 'wallet_switchEthereumChain', [{ chainId: toHex(B) }]),
    ).resolves.toBeNull()
  })

  it('switchAccount updates the session and emits accountsChanged', async () => {
    const session = await connect()
    await wallet.switchAccount(1)
    expect(wallet.address).toBe(second.address)
    const update = await dapp.nextEvent('session_update')
    expect(update.args.params.namespaces.eip155?.accounts).toContain(
      `eip155:${A}:${second.address}`,
    )
    const event = await dapp.nextEvent('session_event')
    expect(event.args.params).toEqual({
      chainId: `eip155:${A}`,
      event: { name: 'accountsChanged', data: [`eip155:${A}:${second.address}`] },
    })
    const message = 'from the second account'
    const signature = await request<`0x${string}`>(session, 'personal_sign', [
      toHex(message),
      second.address,
    ])
    expect(await verifyMessage({ address: second.address, message, signature })).toBe(true)
  })

  it('switchChain and wallet_switchEthereumChain emit chainChanged; an unknown chain is 4902', async () => {
    const session = await connect()
    await wallet.switchChain(B)
    expect(wallet.chainId).toBe(B)
    expect((await dapp.nextEvent('session_event')).args.params).toEqual({
      chainId: `eip155:${B}`,
      event: { name: 'chainChanged', data: B },
    })

    await expect(
      request(session, 'wallet_switchEthereumChain', [{ chainId: toHex(A) }], B),
    ).resolves.toBeNull()
    expect(wallet.chainId).toBe(A)
    expect((await dapp.nextEvent('session_event')).args.params.event).toEqual({
      name: 'chainChanged',
      data: A,
    })

    await expect(
      request(session, 'wallet_switchEthereumChain', [{ chainId: '0x1' }]),
    ).rejects.toMatchObject({ code: 4902 })
  })

  it('adds a chain the session lacks before switching to it', async () => {
    const session = await connect([`eip155:${A}`])
    expect(session.namespaces.eip155?.chains).toEqual([`eip155:${A}`])
    await wallet.switchChain(B)
    const update = await dapp.nextEvent('session_update')
    expect(update.args.params.namespaces.eip155?.chains).toEqual([`eip155:${B}`, `eip155:${A}`])
    const events = [await dapp.nextEvent('session_event'), await dapp.nextEvent('session_event')]
    expect(events.map((e) => e.args.params.event)).toEqual([
      { name: 'chainChanged', data: B },
      { name: 'accountsChanged', data: [`eip155:${B}:${sender.address}`] },
    ])
  })

  it('disconnect deletes the session on the dapp side', async () => {
    const session = await connect()
    await wallet.disconnect()
    expect((await dapp.nextEvent('session_delete')).args.topic).toBe(session.topic)
  })
})
