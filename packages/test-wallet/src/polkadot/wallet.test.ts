import { TypeRegistry } from '@polkadot/types'
import { hexToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import {
  blake2AsU8a,
  decodeAddress,
  ed25519Verify,
  encodeAddress,
  signatureVerify,
  sr25519Verify,
} from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { fakePolkadotPage } from './fakePage.ts'
import type { PolkadotWalletCoreOptions } from './walletCore.ts'

const ORIGIN = 'http://127.0.0.1:5173'
const ALICE = { seed: '//Alice', name: 'Alice' }
const BOB = { seed: '//Bob', name: 'Bob', type: 'ed25519' as const }

type Injected = {
  accounts: {
    get(): Promise<{ address: string; name: string; type: string }[]>
    subscribe(cb: (accounts: { address: string }[]) => void): () => void
  }
  signer: {
    signPayload(payload: unknown): Promise<{ id: number; signature: string }>
    signRaw(raw: { address: string; data: string; type: 'bytes' }): Promise<{ signature: string }>
  }
}
type InjectedWeb3 = Record<string, { version: string; enable(app: string): Promise<Injected> }>

/** A page running the wallet; `injectedWeb3` read as the page sees it. */
async function pageWith(options: PolkadotWalletCoreOptions, extension?: 'talisman') {
  const { core, window } = await fakePolkadotPage(
    { ...options, ...(extension ? { extension } : {}) },
    ORIGIN,
  )
  return { core, injectedWeb3: () => window.injectedWeb3 as InjectedWeb3 }
}

/** A balances.transferKeepAlive payload of Asset Hub's shape (its signed extensions). */
const transferPayload = (address: string, method = '0x0a03') => ({
  address,
  blockHash: `0x${'22'.repeat(32)}`,
  blockNumber: '0x00000010',
  era: '0x0500',
  genesisHash: `0x${'11'.repeat(32)}`,
  method,
  nonce: '0x00000003',
  signedExtensions: [
    'CheckNonZeroSender',
    'CheckSpecVersion',
    'CheckTxVersion',
    'CheckGenesis',
    'CheckMortality',
    'CheckNonce',
    'CheckWeight',
    'ChargeAssetTxPayment',
  ],
  specVersion: '0x00002329',
  tip: '0x00000000000000000000000000000000',
  transactionVersion: '0x0000000d',
  version: 4,
})

/** The bytes an extension signs for a payload: its SCALE encoding, hashed when over 256 bytes. */
function signedBytes(payload: ReturnType<typeof transferPayload>): Uint8Array {
  const registry = new TypeRegistry()
  registry.setSignedExtensions(payload.signedExtensions)
  const bytes = registry
    .createType('ExtrinsicPayload', payload, { version: payload.version })
    .toU8a({ method: true })
  return bytes.length > 256 ? blake2AsU8a(bytes) : bytes
}

describe('Polkadot injectedWeb3 test wallet', () => {
  it('registers under its extension key and lists its named accounts once enabled', async () => {
    const { injectedWeb3, core } = await pageWith({ accounts: [ALICE, BOB] }, 'talisman')
    expect(Object.keys(injectedWeb3())).toEqual(['talisman'])
    const injected = await injectedWeb3().talisman?.enable('Latch')
    const accounts = await injected?.accounts.get()
    expect(accounts?.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'Alice', type: 'sr25519' },
      { name: 'Bob', type: 'ed25519' },
    ])
    // The generic Substrate prefix, as extensions write addresses unless told a chain.
    expect(accounts?.[0]?.address).toBe('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')
    expect(core.requests.map((request) => request.method)).toEqual(['enable', 'accounts'])
  })

  it('writes addresses in the prefix it is given', async () => {
    const { core } = await pageWith({ accounts: [ALICE], ss58Format: 0 })
    expect(core.accounts[0]?.address).toBe(
      encodeAddress(decodeAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'), 0),
    )
  })

  it('refuses a site it was not enabled for, and a declined enable says Rejected', async () => {
    const { core, injectedWeb3 } = await pageWith({ accounts: [ALICE] })
    await expect(core.handle(ORIGIN, 'accounts', {})).rejects.toThrow(/not enabled/)
    core.rejectNext('enable')
    await expect(injectedWeb3()['polkadot-js']?.enable('Latch')).rejects.toThrow('Rejected')
  })

  it('signs a payload as the chain checks it: the key type byte, then the signature of its encoding', async () => {
    const { injectedWeb3, core } = await pageWith({ accounts: [ALICE, BOB] })
    const injected = await injectedWeb3()['polkadot-js']?.enable('Latch')
    for (const account of core.accounts) {
      const payload = transferPayload(account.address)
      const { signature } = (await injected?.signer.signPayload(payload)) ?? { signature: '' }
      const bytes = hexToU8a(signature)
      // MultiSignature: 0x00 ed25519, 0x01 sr25519.
      expect(bytes[0]).toBe(account.type === 'sr25519' ? 1 : 0)
      const verified = signatureVerify(signedBytes(payload), bytes.slice(1), account.address)
      expect(verified).toMatchObject({ isValid: true, crypto: account.type })
    }
  })

  it('hashes a payload over 256 bytes before signing it', async () => {
    const { injectedWeb3, core } = await pageWith({ accounts: [ALICE] })
    const injected = await injectedWeb3()['polkadot-js']?.enable('Latch')
    const address = core.accounts[0]?.address as string
    const payload = transferPayload(address, u8aToHex(new Uint8Array(300).fill(7)))
    const { signature } = (await injected?.signer.signPayload(payload)) ?? { signature: '' }
    const bytes = hexToU8a(signature).slice(1)
    expect(signatureVerify(signedBytes(payload), bytes, address).isValid).toBe(true)
  })

  it('signs raw bytes wrapped in <Bytes>, with no type byte', async () => {
    const { injectedWeb3, core } = await pageWith({ accounts: [ALICE, BOB] })
    const injected = await injectedWeb3()['polkadot-js']?.enable('Latch')
    const message = new TextEncoder().encode('example.com wants you to sign in')
    for (const account of core.accounts) {
      const { signature } = (await injected?.signer.signRaw({
        address: account.address,
        data: u8aToHex(message),
        type: 'bytes',
      })) ?? { signature: '' }
      expect(signatureVerify(u8aWrapBytes(message), signature, account.address).isValid).toBe(true)
      // The bare bytes do not verify: the wrapping is part of what was signed.
      const verify = account.type === 'sr25519' ? sr25519Verify : ed25519Verify
      expect(verify(message, signature, decodeAddress(account.address))).toBe(false)
      expect(verify(u8aWrapBytes(message), signature, decodeAddress(account.address))).toBe(true)
    }
  })

  it('declines a signature as extensions do (an Error saying Cancelled), then signs the next', async () => {
    const { injectedWeb3, core } = await pageWith({ accounts: [ALICE] })
    const injected = await injectedWeb3()['polkadot-js']?.enable('Latch')
    const raw = {
      address: core.accounts[0]?.address as string,
      data: '0x01',
      type: 'bytes' as const,
    }
    core.rejectNext('signRaw')
    await expect(injected?.signer.signRaw(raw)).rejects.toThrow(/^Cancelled$/)
    await expect(injected?.signer.signRaw(raw)).resolves.toHaveProperty('signature')
    core.setDecision(() => 'reject')
    await expect(injected?.signer.signPayload(transferPayload(raw.address))).rejects.toThrow(
      'Cancelled',
    )
  })

  it('refuses to sign for an address it does not hold', async () => {
    const { injectedWeb3 } = await pageWith({ accounts: [ALICE] })
    const injected = await injectedWeb3()['polkadot-js']?.enable('Latch')
    const bob = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty'
    await expect(
      injected?.signer.signRaw({ address: bob, data: '0x01', type: 'bytes' }),
    ).rejects.toThrow(/unknown address/)
  })

  it('tells subscribers when the site loses access', async () => {
    const { injectedWeb3, core } = await pageWith({ accounts: [ALICE] })
    const injected = await injectedWeb3()['polkadot-js']?.enable('Latch')
    const heard: number[] = []
    injected?.accounts.subscribe((accounts) => heard.push(accounts.length))
    await expect.poll(() => heard).toEqual([1])
    await core.disconnect()
    expect(heard).toEqual([1, 0])
  })
})
