import { TypeRegistry } from '@polkadot/types'
import { u8aWrapBytes } from '@polkadot/util'
import { encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { createPolkadotRequestHandler, polkadotPair } from './polkadotRequests.ts'
import type { Decision } from './requests.ts'

const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty'

/** A transferKeepAlive payload of the server's shape (Asset Hub's signed extensions). */
const payloadFor = (address: string) => ({
  address,
  blockHash: `0x${'22'.repeat(32)}`,
  blockNumber: '0x00000010',
  era: '0x0500',
  genesisHash: `0x${'11'.repeat(32)}`,
  method: '0x0a03',
  nonce: '0x00000000',
  signedExtensions: [
    'CheckSpecVersion',
    'CheckTxVersion',
    'CheckGenesis',
    'CheckMortality',
    'CheckNonce',
    'CheckWeight',
    'ChargeAssetTxPayment',
  ],
  specVersion: '0x00000001',
  tip: '0x00',
  transactionVersion: '0x00000001',
  version: 4,
})

async function handlerFor(decision: Decision = 'approve') {
  const pair = await polkadotPair({ suri: '//Bob' })
  return { pair, handle: createPolkadotRequestHandler({ pair, decide: () => decision }) }
}

describe("the WalletConnect test wallet's Polkadot requests", () => {
  it('signs a transaction payload as an extension does: the key type byte, then the payload signature', async () => {
    const { pair, handle } = await handlerFor()
    expect(pair.address).toBe(BOB)
    const payload = payloadFor(BOB)
    const { signature } = (await handle('polkadot_signTransaction', {
      address: BOB,
      transactionPayload: payload,
    })) as { signature: `0x${string}` }
    // 0x01: sr25519.
    expect(signature.slice(0, 4)).toBe('0x01')
    const registry = new TypeRegistry()
    registry.setSignedExtensions(payload.signedExtensions)
    const signed = registry.createType('ExtrinsicPayload', payload, { version: 4 }).toU8a({
      method: true,
    })
    expect(signatureVerify(signed, `0x${signature.slice(4)}`, BOB).isValid).toBe(true)
  })

  it('signs a message wrapped in <Bytes>, for an address in any SS58 prefix', async () => {
    const { handle } = await handlerFor()
    const { signature } = (await handle('polkadot_signMessage', {
      address: encodeAddress(BOB, 0),
      message: 'Sign in to Latch',
    })) as { signature: string }
    const wrapped = u8aWrapBytes(new TextEncoder().encode('Sign in to Latch'))
    expect(signatureVerify(wrapped, signature, BOB).isValid).toBe(true)
  })

  it('refuses another account, a malformed payload, and says a decline with 4001', async () => {
    const { handle } = await handlerFor()
    const alice = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
    await expect(handle('polkadot_signMessage', { address: alice, message: 'x' })).rejects.toThrow(
      /unknown account/,
    )
    await expect(
      handle('polkadot_signTransaction', { address: BOB, transactionPayload: { address: BOB } }),
    ).rejects.toThrow(/method and signedExtensions/)
    const declined = await handlerFor('reject')
    await expect(
      declined.handle('polkadot_signMessage', { address: BOB, message: 'x' }),
    ).rejects.toMatchObject({ code: 4001 })
  })
})
