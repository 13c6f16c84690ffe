import type { DevnetBitcoinAccount } from '@latch/protocol'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { addListener, getProviders, RpcErrorCode, request } from 'sats-connect'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type BitcoinDevnet, startBitcoinDevnet } from '../../../devnet/src/bitcoin/server.ts'
import { DEVNET_MNEMONIC } from '../../../devnet/src/constants.ts'
import { fakePage } from './fakePage.fixture.ts'
import { BTC_NETWORKS } from './keys.ts'
import { satsConnectPageScript } from './satsConnectPageScript.ts'
import { bitcoinStandardPageScript } from './standardPageScript.ts'
import { type BitcoinWalletCore, createBitcoinWalletCore } from './walletCore.ts'

const ORIGIN = 'http://127.0.0.1:5173'
const BINDING = '__latchBitcoinTestWallet_test'
const HOOK = `${BINDING}_state`
let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0, mnemonic: DEVNET_MNEMONIC })
})
afterAll(async () => {
  await devnet?.stop()
})
// sats-connect reads the page's `window` global: each test sets it, and leaves none behind.
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window')
})

const account = (index: number) => devnet.accounts[index] as DevnetBitcoinAccount

/** A page with the wallet of devnet account `index` installed by `script`. */
function pageWith(index: number, finalizePsbt: boolean, script: string) {
  let core: BitcoinWalletCore | undefined
  const page = fakePage({
    core: () => core as BitcoinWalletCore,
    origin: ORIGIN,
    bindingName: BINDING,
    hookName: HOOK,
  })
  core = createBitcoinWalletCore(
    { keys: account(index), esploraUrl: devnet.esploraUrl, finalizePsbt },
    () => page.push(),
  )
  page.run(script)
  return { page, core }
}

/** A PSBT paying 10,000 sats from the payment address's first coin back to itself. */
async function selfPayment(payment: DevnetBitcoinAccount['payment']) {
  const [coin] = (await (
    await fetch(`${devnet.esploraUrl}/address/${payment.address}/utxo`)
  ).json()) as { txid: string; vout: number; value: number }[]
  if (!coin) throw new Error('no coin')
  const tx = new Transaction()
  tx.addInput({
    txid: coin.txid,
    index: coin.vout,
    witnessUtxo: {
      script: p2wpkh(Buffer.from(payment.publicKey, 'hex'), BTC_NETWORKS.regtest).script,
      amount: BigInt(coin.value),
    },
  })
  tx.addOutputAddress(payment.address, BigInt(coin.value) - 1_000n, BTC_NETWORKS.regtest)
  return tx.toPSBT(0)
}

describe('the sats-connect test wallet, driven by sats-connect 4', () => {
  const install = (index: number) =>
    pageWith(
      index,
      true,
      satsConnectPageScript({
        bindingName: BINDING,
        hookName: HOOK,
        providerId: 'XverseProviders.BitcoinProvider',
        name: 'Latch Sats Test Wallet',
        icon: 'data:image/svg+xml;base64,PHN2Zy8+',
        networkName: 'Regtest',
      }),
    )

  it('is listed and found where sats-connect looks, and answers getAccounts with purposes', async () => {
    const { page, core } = install(1)
    Object.assign(globalThis, { window: page.window })
    expect(getProviders()).toEqual([
      expect.objectContaining({
        id: 'XverseProviders.BitcoinProvider',
        name: 'Latch Sats Test Wallet',
      }),
    ])
    // Before any connection the account is not this site's to read.
    expect(await request('wallet_getAccount', null)).toMatchObject({
      status: 'error',
      error: { code: RpcErrorCode.ACCESS_DENIED },
    })
    core.rejectNext('getAccounts')
    expect(
      await request('getAccounts', { purposes: ['payment' as never, 'ordinals' as never] }),
    ).toMatchObject({ status: 'error', error: { code: RpcErrorCode.USER_REJECTION } })
    const answer = await request('getAccounts', {
      purposes: ['payment' as never, 'ordinals' as never],
    })
    const { payment, ordinals } = account(1)
    expect(answer).toEqual({
      status: 'success',
      result: [
        {
          address: payment.address,
          publicKey: payment.publicKey,
          purpose: 'payment',
          addressType: 'p2wpkh',
          walletType: 'software',
        },
        {
          address: ordinals.address,
          publicKey: ordinals.publicKey,
          purpose: 'ordinals',
          addressType: 'p2tr',
          walletType: 'software',
        },
      ],
    })
    expect(await request('wallet_getAccount', null)).toMatchObject({
      status: 'success',
      result: { addresses: [{ address: payment.address }, { address: ordinals.address }] },
    })
    // Revoked in the wallet: the page hears it.
    const heard: unknown[] = []
    addListener('disconnect', (event: unknown) => heard.push(event))
    await core.disconnect()
    expect(heard).toEqual([{ type: 'disconnect' }])
  })

  it('signs messages (BIP-322, or BIP-137 as ECDSA) and PSBTs, finalized, which the chain accepts', async () => {
    const { page } = install(2)
    Object.assign(globalThis, { window: page.window })
    const { payment } = account(2)
    await request('getAccounts', { purposes: ['payment' as never] })
    const message = 'Sign in to the Latch demo'
    for (const protocol of [undefined, 'ECDSA', 'BIP322'] as const) {
      const signed = await request('signMessage', {
        address: payment.address,
        message,
        ...(protocol ? { protocol: protocol as never } : {}),
      })
      if (signed.status !== 'success') throw new Error(JSON.stringify(signed))
      expect(signed.result.protocol).toBe(protocol ?? 'BIP322')
      expect(Verifier.verifySignature(payment.address, message, signed.result.signature)).toBe(true)
    }

    const psbt = await selfPayment(payment)
    const signed = await request('signPsbt', {
      psbt: Buffer.from(psbt).toString('base64'),
      signInputs: { [payment.address]: [0] },
    })
    if (signed.status !== 'success') throw new Error(JSON.stringify(signed))
    const tx = Transaction.fromPSBT(Buffer.from(signed.result.psbt, 'base64'))
    // Finalized by the wallet: the site extracts it as it is.
    expect(tx.getInput(0).finalScriptWitness).toHaveLength(2)
    const response = await fetch(`${devnet.esploraUrl}/tx`, { method: 'POST', body: tx.hex })
    expect(await response.text()).toBe(tx.id)
  })
})

describe('the Bitcoin Wallet Standard test wallet', () => {
  /** Registers as the Wallet Standard has wallets do: the app's register callback gets it. */
  function install(index: number) {
    const installed = pageWith(
      index,
      false,
      bitcoinStandardPageScript({
        bindingName: BINDING,
        hookName: HOOK,
        name: 'Latch Bitcoin Test Wallet',
        icon: 'data:image/svg+xml;base64,PHN2Zy8+',
        chain: 'bitcoin:regtest',
      }),
    )
    const registered: Record<string, unknown>[] = []
    installed.page.events.dispatchEvent(
      new CustomEvent('wallet-standard:app-ready', {
        detail: { register: (wallet: Record<string, unknown>) => registered.push(wallet) },
      }),
    )
    const [wallet] = registered
    if (!wallet) throw new Error('the wallet did not register')
    return { ...installed, wallet: wallet as unknown as StandardWallet }
  }
  type Account = { address: string; publicKey: Uint8Array; chains: string[]; features: string[] }
  type StandardWallet = {
    name: string
    chains: string[]
    accounts: Account[]
    features: {
      'bitcoin:connect': {
        connect(input: { purposes: string[] }): Promise<{ accounts: Account[] }>
      }
      'standard:connect': { connect(input: { silent: boolean }): Promise<{ accounts: Account[] }> }
      'standard:events': {
        on(event: 'change', listener: (properties: { accounts: Account[] }) => void): () => void
      }
      'bitcoin:signMessage': {
        signMessage(input: {
          account: Account
          message: Uint8Array
        }): Promise<{ signature: Uint8Array }[]>
      }
      'bitcoin:signTransaction': {
        signTransaction(input: {
          psbt: Uint8Array
          chain: string
          inputsToSign: { account: Account; signingIndexes: number[] }[]
        }): Promise<{ signedPsbt: Uint8Array }[]>
      }
    }
  }

  it('connects the purposes asked, in that order, and tells when the site loses them', async () => {
    const { wallet, core, page } = install(3)
    expect(wallet.name).toBe('Latch Bitcoin Test Wallet')
    expect(wallet.chains).toEqual(['bitcoin:regtest'])
    // After a reload the site asks silently: nothing until it connected once.
    expect((await wallet.features['standard:connect'].connect({ silent: true })).accounts).toEqual(
      [],
    )
    const { accounts } = await wallet.features['bitcoin:connect'].connect({
      purposes: ['ordinals', 'payment'],
    })
    const { payment, ordinals } = account(3)
    expect(accounts.map((entry) => entry.address)).toEqual([ordinals.address, payment.address])
    expect(Buffer.from(accounts[1]?.publicKey ?? []).toString('hex')).toBe(payment.publicKey)
    expect(accounts[0]?.features).toContain('bitcoin:signTransaction')
    const changes: string[][] = []
    wallet.features['standard:events'].on('change', ({ accounts: now }) =>
      changes.push(now.map((entry) => entry.address)),
    )
    await core.disconnect()
    expect(changes).toEqual([[]])
    expect(wallet.accounts).toEqual([])
    expect(page.window).toBeDefined()
  })

  it('signs a message and the PSBT inputs asked, as partial signatures', async () => {
    const { wallet, page } = install(4)
    const { payment } = account(4)
    const { accounts } = await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })
    const [paying] = accounts
    if (!paying) throw new Error('no payment account')
    // Bytes made in the page's own realm, as a page's script makes them.
    const PageBytes = page.window.Uint8Array as typeof Uint8Array
    const message = 'Sign in to the Latch demo'
    const [signed] = await wallet.features['bitcoin:signMessage'].signMessage({
      account: paying,
      message: new PageBytes(Buffer.from(message)),
    })
    const signature = Buffer.from(signed?.signature ?? []).toString('base64')
    expect(Verifier.verifySignature(payment.address, message, signature)).toBe(true)

    const [result] = await wallet.features['bitcoin:signTransaction'].signTransaction({
      psbt: new PageBytes(await selfPayment(payment)),
      chain: 'bitcoin:regtest',
      inputsToSign: [{ account: paying, signingIndexes: [0] }],
    })
    const tx = Transaction.fromPSBT(Buffer.from(result?.signedPsbt ?? []))
    expect(Buffer.from(tx.getInput(0).partialSig?.[0]?.[0] ?? []).toString('hex')).toBe(
      payment.publicKey,
    )
    tx.finalize()
    const response = await fetch(`${devnet.esploraUrl}/tx`, { method: 'POST', body: tx.hex })
    expect(await response.text()).toBe(tx.id)
  })
})
