import { bitcoinNetworkId, devnetManifest } from '@latch/protocol'
import { describe, expect, inject, it } from 'vitest'
import { hex } from './bytes.ts'
import { p2trKey, p2wpkhKey } from './keys.ts'

describe('the devnet manifest lists the Bitcoin chain', () => {
  const manifest = devnetManifest.parse(inject('devnet'))
  const bitcoin = manifest.bitcoin

  it("with the CAIP-2 id of the genesis block its Esplora API serves, and regtest's name", async () => {
    if (!bitcoin) throw new Error('the manifest has no Bitcoin chain')
    const genesis = await (await fetch(`${bitcoin.esploraUrl}/block-height/0`)).text()
    expect(bitcoin.caipNetworkId).toBe(bitcoinNetworkId(genesis))
    expect(bitcoin).toMatchObject({
      name: 'Latch Bitcoin Devnet',
      network: 'regtest',
      nativeCurrency: { symbol: 'BTC', decimals: 8 },
      // Tests mine on demand.
      blockIntervalMs: 0,
    })
  })

  it('with ten funded accounts whose keys pay to their addresses', async () => {
    if (!bitcoin) throw new Error('the manifest has no Bitcoin chain')
    expect(bitcoin.accounts).toHaveLength(10)
    for (const { payment, ordinals } of bitcoin.accounts) {
      expect(p2wpkhKey(hex.decode(payment.privateKey)).address).toBe(payment.address)
      expect(hex.encode(p2wpkhKey(hex.decode(payment.privateKey)).publicKey)).toBe(
        payment.publicKey,
      )
      expect(p2trKey(hex.decode(ordinals.privateKey)).address).toBe(ordinals.address)
      const info = (await (
        await fetch(`${bitcoin.esploraUrl}/address/${payment.address}`)
      ).json()) as {
        chain_stats: { funded_txo_sum: number }
      }
      // At least the start-up funding (other tests may have paid the account since).
      expect(info.chain_stats.funded_txo_sum).toBeGreaterThanOrEqual(1_000_000_000)
    }
  })

  it('while a manifest written before the Bitcoin chain existed still reads', () => {
    const { bitcoin: _bitcoin, ...without } = manifest
    expect(devnetManifest.parse(without).chains).toEqual(manifest.chains)
  })
})
