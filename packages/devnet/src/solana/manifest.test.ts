import {
  devnetManifest,
  SOLANA_DEVNET,
  SOLANA_MAINNET,
  SOLANA_TESTNET,
  solanaNetworkId,
} from '@latch/protocol'
import { createKeyPairSignerFromBytes, createSolanaRpc, getBase58Encoder } from '@solana/kit'
import { describe, expect, inject, it } from 'vitest'

describe('the devnet manifest lists the Solana chain', () => {
  const manifest = devnetManifest.parse(inject('devnet'))
  const solana = manifest.solana

  it('with its CAIP-2 id from the genesis hash its RPC reports, and the USDC mint', async () => {
    if (!solana) throw new Error('the manifest has no Solana chain')
    const rpc = createSolanaRpc(solana.rpcUrl)
    expect(await rpc.getGenesisHash().send()).toBe(solana.genesisHash)
    expect(solana.caipNetworkId).toBe(solanaNetworkId(solana.genesisHash))
    expect(solana.name).toBe('Latch Solana Devnet')
    expect(solana.wsUrl).toBe(solana.rpcUrl.replace('http://', 'ws://'))
    expect(solana.tokens).toMatchObject([{ symbol: 'USDC', decimals: 6 }])
    // A CAIP-2 id of its own: none of the public networks'.
    expect([SOLANA_MAINNET, SOLANA_DEVNET, SOLANA_TESTNET]).not.toContain(solana.caipNetworkId)
  })

  it('with ten accounts whose secret keys sign for their addresses', async () => {
    if (!solana) throw new Error('the manifest has no Solana chain')
    expect(solana.accounts).toHaveLength(16)
    for (const account of solana.accounts) {
      const signer = await createKeyPairSignerFromBytes(
        getBase58Encoder().encode(account.secretKey),
      )
      expect(signer.address).toBe(account.address)
    }
  })

  it('while a manifest written before the Solana chain existed still reads', () => {
    const { solana: _solana, ...evmOnly } = manifest
    expect(devnetManifest.parse(evmOnly).chains).toEqual(manifest.chains)
  })
})
