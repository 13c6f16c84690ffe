import type { CaipNetworkId, DevnetBitcoinAccount } from '@latch/protocol'
import { BITCOIN_MAINNET, BITCOIN_REGTEST } from '@latch/protocol/bitcoin-networks'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { Verifier } from 'bip322-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type BitcoinDevnet, startBitcoinDevnet } from '../../../../devnet/src/bitcoin/server.ts'
import { DEVNET_MNEMONIC } from '../../../../devnet/src/constants.ts'
import { ChainNotSupportedError, UserRejectedError } from '../../errors.ts'
import { createMemoryStorage, createStorage } from '../../storage/index.ts'
import { createBitcoinAdapter } from './createBitcoinAdapter.ts'
import type { EsploraGateway } from './esplora.ts'
import { defineBitcoinNetwork } from './network.ts'
import { UNSIGNED_MESSAGE } from './psbt.ts'
import { satsConnectProvider, standardBitcoinWallet } from './testWallets.fixture.ts'

const REGTEST = defineBitcoinNetwork({ caipNetworkId: BITCOIN_REGTEST, name: 'Latch Bitcoin' })
const RATES = { slow: 11, normal: 16, fast: 26 }

let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0, mnemonic: DEVNET_MNEMONIC })
})
afterAll(async () => {
  await devnet?.stop()
})
const registered: (() => void)[] = []
const register = (wallet: Wallet) => registered.push(getWallets().register(wallet))
afterEach(() => {
  for (const unregister of registered.splice(0)) unregister()
})

const account = (index: number) => devnet.accounts[index] as DevnetBitcoinAccount
const esplora = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${devnet.esploraUrl}${path}`, init)
  const text = await response.text()
  if (!response.ok) throw new Error(text)
  return text
}
/** The devnet's own Esplora API standing in for the server's gateway, which forwards to it. */
const gateway: EsploraGateway = {
  utxos: async (address) => JSON.parse(await esplora(`/address/${address}/utxo`)),
  status: async (txid) => JSON.parse(await esplora(`/tx/${txid}/status`)),
  broadcast: async (hex) => (await esplora('/tx', { method: 'POST', body: hex })).trim(),
}
type Stats = { funded_txo_sum: number; spent_txo_sum: number }
const satsAt = async (address: string) => {
  const { chain_stats, mempool_stats } = JSON.parse(await esplora(`/address/${address}`)) as {
    chain_stats: Stats
    mempool_stats: Stats
  }
  const sum = (stats: Stats) => stats.funded_txo_sum - stats.spent_txo_sum
  return BigInt(sum(chain_stats) + sum(mempool_stats))
}

function adapterWith(options: { storage?: ReturnType<typeof createStorage>; scope?: object } = {}) {
  const storage = options.storage ?? createStorage({ storage: createMemoryStorage() })
  const adapter = createBitcoinAdapter({
    networks: [REGTEST],
    wallets: getWallets(),
    scope: options.scope,
    storage,
    // The server's balance route reads the same sums from the chain.
    balance: async (address) => {
      const sats = await satsAt(address)
      return {
        balances: [
          {
            name: 'Bitcoin',
            symbol: 'BTC',
            chainId: BITCOIN_REGTEST,
            value: 0,
            price: 0,
            quantity: { decimals: '8', numeric: (Number(sats) / 1e8).toFixed(8) },
            iconUrl: '',
          },
        ],
      }
    },
    gateway: () => gateway,
    feeRates: async () => RATES,
    reconnectWaitMs: 200,
    confirmation: { pollMs: 20 },
  })
  return { adapter, storage }
}

const keysOf = (index: number) => ({ keys: account(index), esploraUrl: devnet.esploraUrl })

describe('the Bitcoin adapter', () => {
  it('lists Bitcoin Wallet Standard and sats-connect wallets, once each by name', () => {
    register(standardBitcoinWallet({ ...keysOf(1), name: 'Both Ways' }))
    const sats = satsConnectProvider(keysOf(1))
    const scope = {
      btc_providers: [
        { id: 'BothWays.BitcoinProvider', name: 'Both Ways', icon: 'data:,' },
        { id: 'SatsOnly.Provider', name: 'Sats Only', icon: 'data:,' },
        // Listed, but its provider is not there.
        { id: 'Gone.Provider', name: 'Gone' },
      ],
      BothWays: { BitcoinProvider: sats },
      SatsOnly: { Provider: sats },
      // Xverse's own provider, where sats-connect looks even when nothing lists it.
      XverseProviders: { BitcoinProvider: sats },
    }
    const { adapter } = adapterWith({ scope })
    expect(adapter.wallets.get().map((wallet) => [wallet.id, wallet.name])).toEqual([
      ['bitcoin-standard:Both Ways', 'Both Ways'],
      ['sats-connect:SatsOnly.Provider', 'Sats Only'],
      ['sats-connect:XverseProviders.BitcoinProvider', 'Xverse'],
    ])
  })

  it('connects payment and ordinals with their purposes, payment active, and follows the picked one over a reload', async () => {
    const wallet = standardBitcoinWallet({ ...keysOf(1), name: 'Standard' })
    register(wallet)
    const { adapter, storage } = adapterWith()
    await adapter.connect('bitcoin-standard:Standard')
    const { payment, ordinals } = account(1)
    expect(adapter.connection.get()).toMatchObject({
      status: 'connected',
      address: payment.address,
      caipNetworkId: BITCOIN_REGTEST,
      caipAddress: `${BITCOIN_REGTEST}:${payment.address}`,
    })
    expect(adapter.accounts?.get()).toEqual([
      { address: payment.address, purpose: 'payment' },
      { address: ordinals.address, purpose: 'ordinals' },
    ])
    expect(await adapter.getBalance(`${BITCOIN_REGTEST}:${payment.address}`)).toEqual({
      value: 1_000_000_000n,
      decimals: 8,
      symbol: 'BTC',
    })
    adapter.selectAccount?.(ordinals.address)
    expect(adapter.connection.get()).toMatchObject({ address: ordinals.address })

    // A reload: a new adapter on the same storage finds the wallet again without asking.
    const asked = wallet.core.requests.length
    const reloaded = adapterWith({ storage }).adapter
    await reloaded.reconnect()
    expect(reloaded.connection.get()).toMatchObject({
      status: 'connected',
      address: ordinals.address,
    })
    expect(reloaded.accounts?.get()).toEqual(adapter.accounts?.get())
    expect(wallet.core.requests.slice(asked).map((request) => request.params[0])).toEqual([
      { silent: true, purposes: ['payment', 'ordinals'] },
    ])

    // The site's access revoked in the wallet: disconnected, and not restored by the next reload.
    await wallet.core.disconnect()
    expect(reloaded.connection.get()).toEqual({ status: 'disconnected' })
    const again = adapterWith({ storage }).adapter
    await again.reconnect()
    expect(again.connection.get()).toEqual({ status: 'disconnected' })
  })

  it('takes the purposes a wallet writes on its accounts, whatever their order', async () => {
    const wallet = standardBitcoinWallet({ ...keysOf(2), name: 'Told' })
    const connect = wallet.features['bitcoin:connect'] as {
      connect(input: { purposes: string[] }): Promise<{ accounts: readonly WalletAccount[] }>
    }
    const inner = connect.connect
    // This wallet answers ordinals first, and says on each account what it is for.
    connect.connect = async (input) => {
      const { accounts } = await inner(input)
      const { payment } = account(2)
      return {
        accounts: [...accounts].reverse().map((entry) => ({
          ...entry,
          purpose: entry.address === payment.address ? 'payment' : 'ordinals',
        })),
      }
    }
    register(wallet)
    const { adapter } = adapterWith()
    await adapter.connect('bitcoin-standard:Told')
    const { payment, ordinals } = account(2)
    expect(adapter.accounts?.get()).toEqual([
      { address: ordinals.address, purpose: 'ordinals' },
      { address: payment.address, purpose: 'payment' },
    ])
    expect(adapter.connection.get()).toMatchObject({ address: payment.address })
  })

  it('puts a wallet on another network on that network, which it cannot leave for the site’s', async () => {
    const mainnet = standardBitcoinWallet({
      ...keysOf(2),
      network: 'mainnet',
      name: 'Mainnet Wallet',
      chain: 'bitcoin:mainnet',
    })
    register(mainnet)
    const { adapter } = adapterWith()
    await adapter.connect('bitcoin-standard:Mainnet Wallet')
    const connection = adapter.connection.get()
    expect(connection).toMatchObject({ status: 'connected', caipNetworkId: BITCOIN_MAINNET })
    expect(connection.status === 'connected' && connection.address).toMatch(/^bc1q/)
    await expect(adapter.switchNetwork(BITCOIN_REGTEST as CaipNetworkId)).rejects.toBeInstanceOf(
      ChainNotSupportedError,
    )
  })

  it('sends with a PSBT the wallet signs: the fee is vsize x rate, the change comes back, it is mined', async () => {
    register(standardBitcoinWallet({ ...keysOf(3), name: 'Standard' }))
    const { adapter } = adapterWith()
    await adapter.connect('bitcoin-standard:Standard')
    const { payment } = account(3)
    const receiver = account(4).ordinals.address
    const before = await satsAt(receiver)
    const transfer = { to: receiver, amount: 12_345_678n, feeRate: RATES.fast }
    const fee = await adapter.transferFee?.(transfer)
    expect(fee).toEqual({ fee: 153n * 26n, exact: true, vsize: 153, feeRate: 26 })
    const sent = await adapter.sendTransfer(transfer)
    expect(sent.caipNetworkId).toBe(BITCOIN_REGTEST)
    const tx = JSON.parse(await esplora(`/tx/${sent.id}`)) as {
      fee: number
      vout: { scriptpubkey_address: string; value: number }[]
    }
    expect(tx.fee).toBe(153 * 26)
    expect(tx.vout).toEqual([
      expect.objectContaining({ scriptpubkey_address: receiver, value: 12_345_678 }),
      expect.objectContaining({
        scriptpubkey_address: payment.address,
        value: 1_000_000_000 - 12_345_678 - 153 * 26,
      }),
    ])
    const mined = adapter.waitForTransfer(sent)
    devnet.mine(1)
    expect(await mined).toEqual({ success: true })
    expect(await satsAt(receiver)).toBe(before + 12_345_678n)
  })

  it('through sats-connect: signs in with BIP-322, a decline is a UserRejectedError, an unsigned PSBT is never broadcast', async () => {
    const provider = satsConnectProvider(keysOf(5))
    const scope = {
      btc_providers: [{ id: 'XverseProviders.BitcoinProvider', name: 'Sats', icon: 'data:,' }],
      XverseProviders: { BitcoinProvider: provider },
    }
    const { adapter } = adapterWith({ scope })
    provider.core.rejectNext('getAccounts')
    await expect(
      adapter.connect('sats-connect:XverseProviders.BitcoinProvider'),
    ).rejects.toBeInstanceOf(UserRejectedError)
    expect(adapter.connection.get()).toEqual({ status: 'disconnected' })
    await adapter.connect('sats-connect:XverseProviders.BitcoinProvider')
    const { payment } = account(5)
    expect(adapter.connection.get()).toMatchObject({ address: payment.address })

    const message = await adapter.signInMessage({
      domain: '127.0.0.1:5173',
      caipAddress: `${BITCOIN_REGTEST}:${payment.address}`,
      uri: 'http://127.0.0.1:5173',
      version: '1',
      nonce: 'abcdefgh12345678',
      issuedAt: '2026-11-24T00:00:00.000Z',
    })
    expect(message).toContain('wants you to sign in with your Bitcoin account:')
    expect(message).toContain(`Chain ID: ${BITCOIN_REGTEST.slice('bip122:'.length)}`)
    const signature = await adapter.signMessage(message)
    expect(Verifier.verifySignature(payment.address, message, signature)).toBe(true)

    provider.core.rejectNext('signPsbt')
    const transfer = { to: account(6).payment.address, amount: 50_000n, feeRate: 11 }
    await expect(adapter.sendTransfer(transfer)).rejects.toBeInstanceOf(UserRejectedError)

    const coins = await esplora(`/address/${payment.address}/utxo`)
    provider.core.returnUnsignedPsbt(true)
    await expect(adapter.sendTransfer(transfer)).rejects.toThrow(UNSIGNED_MESSAGE)
    expect(await esplora(`/address/${payment.address}/utxo`)).toBe(coins)

    provider.core.returnUnsignedPsbt(false)
    const sent = await adapter.sendTransfer(transfer)
    const tx = JSON.parse(await esplora(`/tx/${sent.id}`)) as { fee: number; weight: number }
    expect(tx.fee).toBe(141 * 11)
  })
})
