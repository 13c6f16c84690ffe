import type { DevnetBitcoinAccount } from '@latch/protocol'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BitcoinDevnet, startBitcoinDevnet } from '../../../devnet/src/bitcoin/server.ts'
import { DEVNET_MNEMONIC } from '../../../devnet/src/constants.ts'
import { BTC_NETWORKS } from './keys.ts'
import { createBitcoinWalletCore } from './walletCore.ts'

const ORIGIN = 'http://127.0.0.1:5173'
let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0, mnemonic: DEVNET_MNEMONIC })
})
afterAll(async () => {
  await devnet?.stop()
})

const account = (index: number) => devnet.accounts[index] as DevnetBitcoinAccount
const base64 = (text: string) => Buffer.from(text).toString('base64')

function walletOf(index: number, options: { paymentType?: 'p2wpkh' | 'p2sh' | 'p2tr' } = {}) {
  return createBitcoinWalletCore(
    { keys: account(index), esploraUrl: devnet.esploraUrl, ...options },
    async () => {},
  )
}

type Utxo = { txid: string; vout: number; value: number }
const utxosOf = async (address: string) =>
  (await (await fetch(`${devnet.esploraUrl}/address/${address}/utxo`)).json()) as Utxo[]
const txStatus = async (txid: string) =>
  (await (await fetch(`${devnet.esploraUrl}/tx/${txid}/status`)).json()) as { confirmed: boolean }

/** A PSBT paying 10,000 sats from the payment address's first coin to `to`, change back. */
async function psbtFrom(payment: DevnetBitcoinAccount['payment'], to: string) {
  const [coin] = await utxosOf(payment.address)
  if (!coin) throw new Error('no coin to spend')
  const tx = new Transaction()
  tx.addInput({
    txid: coin.txid,
    index: coin.vout,
    witnessUtxo: {
      script: p2wpkh(Buffer.from(payment.publicKey, 'hex'), BTC_NETWORKS.regtest).script,
      amount: BigInt(coin.value),
    },
  })
  tx.addOutputAddress(to, 10_000n, BTC_NETWORKS.regtest)
  tx.addOutputAddress(payment.address, BigInt(coin.value) - 10_000n - 1_000n, BTC_NETWORKS.regtest)
  return tx.toPSBT(0)
}

describe('the Bitcoin test wallet (Node half)', () => {
  it('reports its payment and ordinals addresses in the order asked, after asking once', async () => {
    const wallet = walletOf(1)
    const { payment, ordinals } = account(1)
    // A silent connect from a site never approved gets nothing, and asks nothing.
    expect(await wallet.handle(ORIGIN, 'bitcoin:connect', { silent: true })).toEqual({
      approved: false,
      addresses: [],
    })
    const asked = await wallet.handle(ORIGIN, 'getAccounts', { purposes: ['ordinals', 'payment'] })
    expect(asked).toEqual({
      approved: true,
      addresses: [
        {
          address: ordinals.address,
          publicKey: ordinals.publicKey,
          purpose: 'ordinals',
          addressType: 'p2tr',
        },
        {
          address: payment.address,
          publicKey: payment.publicKey,
          purpose: 'payment',
          addressType: 'p2wpkh',
        },
      ],
    })
    expect(await wallet.handle(ORIGIN, 'wallet_getAccount', {})).toMatchObject({ approved: true })
    expect(wallet.requests.map((request) => request.method)).toEqual([
      'bitcoin:connect',
      'getAccounts',
      'wallet_getAccount',
    ])
  })

  it('signs messages with BIP-322 (P2WPKH and P2TR) and BIP-137, each verified by bip322-js', async () => {
    const wallet = walletOf(1)
    const { payment, ordinals } = account(1)
    await wallet.handle(ORIGIN, 'bitcoin:connect', { purposes: ['payment', 'ordinals'] })
    const message = 'Sign in to the Latch demo'
    for (const address of [payment.address, ordinals.address]) {
      const signed = (await wallet.handle(ORIGIN, 'bitcoin:signMessage', {
        address,
        message: base64(message),
      })) as { signature: string; protocol: string }
      expect(signed.protocol).toBe('bip322')
      expect(Verifier.verifySignature(address, message, signed.signature)).toBe(true)
      expect(Verifier.verifySignature(address, 'another message', signed.signature)).toBe(false)
    }
    // sats-connect's ECDSA protocol is BIP-137 for the payment address.
    const ecdsa = (await wallet.handle(ORIGIN, 'signMessage', {
      address: payment.address,
      text: message,
      protocol: 'ECDSA',
    })) as { signature: string; protocol: string }
    expect(ecdsa.protocol).toBe('bip137')
    expect(Buffer.from(ecdsa.signature, 'base64')).toHaveLength(65)
    expect(Verifier.verifySignature(payment.address, message, ecdsa.signature)).toBe(true)
    // Nested segwit signs BIP-137, its only form.
    const nested = walletOf(1, { paymentType: 'p2sh' })
    await nested.handle(ORIGIN, 'getAccounts', {})
    const p2sh = nested.addresses.payment.address
    expect(p2sh).toMatch(/^2/)
    const signed = (await nested.handle(ORIGIN, 'signMessage', {
      address: p2sh,
      text: message,
    })) as {
      signature: string
    }
    expect(Verifier.verifySignature(p2sh, message, signed.signature)).toBe(true)
  })

  it('declines with code 4001, and refuses an address or a site it does not know', async () => {
    const wallet = walletOf(1)
    await expect(
      wallet.handle(ORIGIN, 'bitcoin:signMessage', {
        address: account(1).payment.address,
        message: '',
      }),
    ).rejects.toMatchObject({ code: 4100 })
    wallet.rejectNext('bitcoin:connect')
    await expect(wallet.handle(ORIGIN, 'bitcoin:connect', {})).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    await wallet.handle(ORIGIN, 'bitcoin:connect', {})
    await expect(
      wallet.handle(ORIGIN, 'bitcoin:signMessage', {
        address: account(2).payment.address,
        message: '',
      }),
    ).rejects.toMatchObject({ code: 4100 })
    wallet.setDecision(() => 'reject')
    await expect(
      wallet.handle(ORIGIN, 'bitcoin:signMessage', {
        address: account(1).payment.address,
        message: '',
      }),
    ).rejects.toMatchObject({ code: 4001 })
  })

  it('signs the PSBT inputs asked, which the chain accepts; unsigned when told to be faulty', async () => {
    const wallet = walletOf(2)
    const { payment } = account(2)
    await wallet.handle(ORIGIN, 'bitcoin:connect', {})
    const psbt = await psbtFrom(payment, account(3).payment.address)
    const inputsToSign = [{ address: payment.address, indexes: [0] }]

    wallet.returnUnsignedPsbt(true)
    const unsigned = (await wallet.handle(ORIGIN, 'bitcoin:signTransaction', {
      psbt: Buffer.from(psbt).toString('base64'),
      inputsToSign,
    })) as { psbt: string }
    expect(Buffer.from(unsigned.psbt, 'base64')).toEqual(Buffer.from(psbt))
    wallet.returnUnsignedPsbt(false)

    // An input the address does not own is refused before anything is asked.
    await expect(
      wallet.handle(ORIGIN, 'bitcoin:signTransaction', {
        psbt: Buffer.from(psbt).toString('base64'),
        inputsToSign: [{ address: account(2).ordinals.address, indexes: [0] }],
      }),
    ).rejects.toMatchObject({ code: -32602 })

    const signed = (await wallet.handle(ORIGIN, 'bitcoin:signTransaction', {
      psbt: Buffer.from(psbt).toString('base64'),
      inputsToSign,
    })) as { psbt: string }
    const tx = Transaction.fromPSBT(Buffer.from(signed.psbt, 'base64'))
    // A partial signature, for the site to finalize.
    expect(tx.getInput(0).partialSig).toHaveLength(1)
    expect(tx.getInput(0).finalScriptWitness).toBeUndefined()
    tx.finalize()
    const response = await fetch(`${devnet.esploraUrl}/tx`, { method: 'POST', body: tx.hex })
    expect(await response.text()).toBe(tx.id)
    devnet.mine(1)
    expect(await txStatus(tx.id)).toMatchObject({ confirmed: true })
  })

  it('sends a transfer itself: paid, with change back to the payment address, mined', async () => {
    const wallet = walletOf(4)
    const { payment } = account(4)
    await wallet.handle(ORIGIN, 'getAccounts', {})
    const receiver = account(5).ordinals.address
    const { txid } = (await wallet.handle(ORIGIN, 'sendTransfer', {
      recipients: [{ address: receiver, amount: 25_000 }],
    })) as { txid: string }
    devnet.mine(1)
    const tx = (await (await fetch(`${devnet.esploraUrl}/tx/${txid}`)).json()) as {
      vout: { scriptpubkey_address: string; value: number }[]
      status: { confirmed: boolean }
    }
    expect(tx.status.confirmed).toBe(true)
    expect(tx.vout).toContainEqual(
      expect.objectContaining({ scriptpubkey_address: receiver, value: 25_000 }),
    )
    expect(tx.vout.some((output) => output.scriptpubkey_address === payment.address)).toBe(true)
  })
})
