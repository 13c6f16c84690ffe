import '@polkadot/api-augment'
import { devnetManifest } from '@latch/protocol'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { POLKADOT_FUNDING_PLANCK } from './constants.ts'
import { polkadotRpc } from './rpc.ts'

// The devnet's Polkadot chain through polkadot.js, as a server or wallet would use it. This file
// sends from Ferdie only, so other files' transfers never race it for a nonce.
describe('the devnet Polkadot chain', () => {
  const polkadot = devnetManifest.parse(inject('devnet')).polkadot
  let api: ApiPromise

  beforeAll(async () => {
    if (!polkadot) throw new Error('the manifest has no Polkadot chain')
    await cryptoWaitReady()
    api = await ApiPromise.create({ provider: new WsProvider(polkadot.wsUrl), noInitWarn: true })
    // The chain's properties name no SS58 prefix, and polkadot.js then guesses one from the
    // runtime's name (Kusama's for this one): addresses come out in the manifest's prefix instead.
    api.registry.setChainProperties(
      api.registry.createType('ChainProperties', { ss58Format: polkadot.ss58Prefix }),
    )
  })
  afterAll(() => api?.disconnect())

  it('is listed with the genesis hash, prefix and token the chain itself reports', async () => {
    if (!polkadot) throw new Error('the manifest has no Polkadot chain')
    expect(api.genesisHash.toHex()).toBe(polkadot.genesisHash)
    expect(polkadot.caipNetworkId).toBe(`polkadot:${polkadot.genesisHash.slice(2, 34)}`)
    expect(polkadot).toMatchObject({
      name: 'Latch Polkadot Devnet',
      ss58Prefix: 42,
      nativeCurrency: { symbol: 'ROC', decimals: 12 },
    })
    // As the chain answers, before polkadot.js fills in its defaults.
    const properties = await polkadotRpc(polkadot.wsUrl.replace(/^ws/, 'http'), 'system_properties')
    expect(properties).toEqual({ tokenSymbol: 'ROC', tokenDecimals: 12 })
  })

  it('funds every account at start, at addresses derived from their secret URIs', async () => {
    if (!polkadot) throw new Error('the manifest has no Polkadot chain')
    expect(polkadot.accounts.map((account) => account.type)).toContain('ed25519')
    for (const account of polkadot.accounts) {
      const pair = new Keyring({ type: account.type, ss58Format: 42 }).addFromUri(account.suri)
      expect(pair.address).toBe(account.address)
      const { data } = await api.query.system.account(account.address)
      // At least most of the funding: other files' transfers may have spent some since.
      expect(data.free.toBigInt() + data.reserved.toBigInt()).toBeGreaterThan(
        POLKADOT_FUNDING_PLANCK / 2n,
      )
    }
  })

  it('includes a transferKeepAlive in a block of its own and emits Balances.Transfer', async () => {
    if (!polkadot) throw new Error('the manifest has no Polkadot chain')
    const sender = polkadot.accounts.find((account) => account.name === 'Ferdie')
    const receiver = polkadot.accounts.find((account) => account.name === 'Eve')
    if (!sender || !receiver) throw new Error('Ferdie or Eve missing')
    const pair = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri(sender.suri)
    const amount = 1_234_567_890_000n
    const before = (await api.query.system.account(receiver.address)).data.free.toBigInt()
    const headBefore = (await api.rpc.chain.getHeader()).number.toNumber()

    const inBlock = await new Promise<{ blockHash: string; events: string[]; transfer: string[] }>(
      (resolve, reject) => {
        const seen: string[] = []
        setTimeout(
          () => reject(new Error(`not in a block after 20 s; statuses: ${seen.join(', ')}`)),
          20_000,
        )
        api.tx.balances
          .transferKeepAlive(receiver.address, amount)
          .signAndSend(pair, (result) => {
            if (result.dispatchError) reject(new Error(result.dispatchError.toString()))
            seen.push(result.status.type)
            if (!result.status.isInBlock) return
            const transfer = result.events.find(({ event }) =>
              api.events.balances.Transfer.is(event),
            )
            resolve({
              blockHash: result.status.asInBlock.toHex(),
              events: result.events.map(({ event }) => `${event.section}.${event.method}`),
              transfer: transfer ? (transfer.event.data.toJSON() as string[]) : [],
            })
          })
          .catch(reject)
      },
    )
    expect(inBlock.events).toContain('system.ExtrinsicSuccess')
    // Balances.Transfer(from, to, amount), read back from the block's events.
    const [from, to, value] = inBlock.transfer
    expect(from).toBe(sender.address)
    expect(to).toBe(receiver.address)
    expect(BigInt(value as unknown as number)).toBe(amount)
    const header = await api.rpc.chain.getHeader(inBlock.blockHash)
    // Instant mode: the transaction got a block of its own right away.
    expect(header.number.toNumber()).toBeGreaterThan(headBefore)
    const events = await (await api.at(inBlock.blockHash)).query.system.events()
    expect(events.some(({ event }) => api.events.balances.Transfer.is(event))).toBe(true)
    const after = (await api.query.system.account(receiver.address)).data.free.toBigInt()
    expect(after - before).toBe(amount)
  })
})
