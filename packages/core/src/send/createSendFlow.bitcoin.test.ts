import type { DevnetBitcoinAccount, TokenBalance } from '@latch/protocol'
import { BITCOIN_REGTEST } from '@latch/protocol/bitcoin-networks'
import { englishText } from '@latch/protocol/i18n'
import { getWallets } from '@wallet-standard/app'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type BitcoinDevnet, startBitcoinDevnet } from '../../../devnet/src/bitcoin/server.ts'
import { DEVNET_MNEMONIC } from '../../../devnet/src/constants.ts'
import type { BalancesState } from '../balances/createBalances.ts'
import { createBitcoinAdapter } from '../chains/bitcoin/createBitcoinAdapter.ts'
import type { EsploraGateway } from '../chains/bitcoin/esplora.ts'
import { defineBitcoinNetwork } from '../chains/bitcoin/network.ts'
import { bitcoinTransferPreparation } from '../chains/bitcoin/prepareTransfer.ts'
import { standardBitcoinWallet } from '../chains/bitcoin/testWallets.fixture.ts'
import { createTestAccount } from '../chains/testAccount.ts'
import { createModal } from '../modal/index.ts'
import { createRouter } from '../router/index.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createStore } from '../store.ts'
import { balanceKey } from './balanceKey.ts'
import { createSendFlow } from './createSendFlow.ts'

// The Send flow on Bitcoin against a real chain: the Bitcoin adapter (coins, PSBT, signatures)
// with the test wallet's core signing, on a devnet whose Esplora API stands in for the server's
// gateway. The server's fee rates for the devnet's estimates are 11, 16 and 26 sat/vB.

const NETWORK = BITCOIN_REGTEST
const RATES = { slow: 11, normal: 16, fast: 26 }
/** A made-up price, to see the fees in USD. */
const USD_PER_BTC = 50_000

let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0, mnemonic: DEVNET_MNEMONIC })
})
afterAll(async () => {
  await devnet?.stop()
})
const registered: (() => void)[] = []
afterEach(() => {
  for (const unregister of registered.splice(0)) unregister()
})

const esplora = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${devnet.esploraUrl}${path}`, init)
  const text = await response.text()
  if (!response.ok) throw new Error(text)
  return text
}
const gateway: EsploraGateway = {
  utxos: async (address) => JSON.parse(await esplora(`/address/${address}/utxo`)),
  status: async (txid) => JSON.parse(await esplora(`/tx/${txid}/status`)),
  broadcast: async (hex) => (await esplora('/tx', { method: 'POST', body: hex })).trim(),
}
const satsAt = async (address: string) => {
  type Stats = { funded_txo_sum: number; spent_txo_sum: number }
  const info = JSON.parse(await esplora(`/address/${address}`)) as {
    chain_stats: Stats
    mempool_stats: Stats
  }
  const sum = (stats: Stats) => stats.funded_txo_sum - stats.spent_txo_sum
  return BigInt(sum(info.chain_stats) + sum(info.mempool_stats))
}

const btc = (numeric: string): TokenBalance => ({
  name: 'Bitcoin',
  symbol: 'BTC',
  chainId: NETWORK,
  price: USD_PER_BTC,
  value: Number(numeric) * USD_PER_BTC,
  quantity: { decimals: '8', numeric },
  iconUrl: 'https://server.example/btc.svg',
})

/** The devnet's account `index` connected through the Wallet Standard test wallet, and Send open. */
async function setup(index: number) {
  const keys = devnet.accounts[index] as DevnetBitcoinAccount
  const wallet = standardBitcoinWallet({ keys, esploraUrl: devnet.esploraUrl, name: 'Standard' })
  registered.push(getWallets().register(wallet))
  const adapter = createBitcoinAdapter({
    networks: [defineBitcoinNetwork({ caipNetworkId: NETWORK, name: 'Latch Bitcoin' })],
    wallets: getWallets(),
    scope: undefined,
    storage: createStorage({ storage: createMemoryStorage() }),
    balance: async () => ({ balances: [] }),
    gateway: () => gateway,
    feeRates: async () => RATES,
    confirmation: { pollMs: 20 },
  })
  await adapter.connect('bitcoin-standard:Standard')
  let modal: ReturnType<typeof createModal> | undefined
  const router = createRouter({ closeModal: () => modal?.close() })
  modal = createModal({
    router,
    isConnected: () => true,
    isSignInRequired: () => false,
    hasSession: () => false,
  })
  const held = await satsAt(keys.payment.address)
  const entry = btc((Number(held) / 1e8).toFixed(8))
  const balances = createStore<BalancesState>({
    status: 'success',
    balances: [entry],
    totalUsd: entry.value ?? 0,
  })
  const toasts: string[] = []
  const flow = createSendFlow({
    balances,
    account: createTestAccount({
      namespace: 'bip122',
      address: keys.payment.address,
      caipAddress: `${NETWORK}:${keys.payment.address}`,
      caipNetworkId: NETWORK,
    }),
    resolveName: async () => {
      throw new Error('names are not looked up on Bitcoin')
    },
    estimateFee: async () => {
      throw new Error('no gas on Bitcoin')
    },
    transferFee: (transfer) =>
      (adapter.transferFee as NonNullable<typeof adapter.transferFee>)(transfer),
    family: () => adapter,
    nativeBalance: async (address) => satsAt(address),
    send: async (request) => {
      const transfer = await bitcoinTransferPreparation.check(request, { caipNetworkId: NETWORK })
      return adapter.sendTransfer(transfer)
    },
    waitForTransfer: (sent) => adapter.waitForTransfer(sent),
    network: () => ({ nativeCurrency: { symbol: 'BTC', decimals: 8 } }),
    snackbar: {
      showSuccess: (message) => toasts.push(`success: ${englishText(message)}`),
      showError: (message) => toasts.push(`error: ${String(message)}`),
    },
    router,
    modal,
  })
  modal.open({ view: 'Account' })
  router.push('Send')
  flow.selectToken(balanceKey(entry))
  await expect.poll(() => flow.state.get().feeRate?.status).toBe('ready')
  return { flow, keys, toasts, held }
}

const fill = async (
  flow: Awaited<ReturnType<typeof setup>>['flow'],
  amount: string,
  receiver: string,
) => {
  flow.setAmount(amount)
  flow.setReceiver(receiver)
  await flow.review()
  return flow.state.get()
}

describe('createSendFlow on Bitcoin', () => {
  it('offers slow, normal and fast in sat/vB and USD, normal chosen, for a typical payment', async () => {
    const { flow } = await setup(1)
    const { feeRate, fee } = flow.state.get()
    expect(feeRate).toMatchObject({ status: 'ready', choice: 'normal', custom: '' })
    expect(feeRate?.options.map(({ speed, rate, fee }) => [speed, rate, fee])).toEqual([
      ['slow', 11, 141n * 11n],
      ['normal', 16, 141n * 16n],
      ['fast', 26, 141n * 26n],
    ])
    // 3,666 sats at $50,000 a bitcoin.
    expect(feeRate?.options[2]?.usd).toBeCloseTo(1.833, 6)
    expect(fee).toMatchObject({ status: 'ready', fee: 141n * 16n, vsize: 141, feeRate: 16 })
    flow.setFeeSpeed('fast')
    expect(flow.state.get().fee).toMatchObject({ fee: 141n * 26n, feeRate: 26 })
    flow.setCustomFeeRate('3')
    expect(flow.state.get().fee).toMatchObject({ fee: 141n * 3n, feeRate: 3 })
    flow.setCustomFeeRate('0')
    expect(flow.state.get().fee).toEqual({ status: 'unavailable' })
  })

  it('refuses each bad input in the form with a message that says what is wrong', async () => {
    const { flow, keys } = await setup(2)
    const receiver = (devnet.accounts[3] as DevnetBitcoinAccount).ordinals.address
    expect(
      (await fill(flow, '0.1', 'bc1ql3e9pgs3mmwuwrh95fecme0s0qtn2880lsvsd5')).error,
    ).toMatchObject({
      english:
        'Invalid receiver address. This is a Bitcoin mainnet address: Bitcoin regtest addresses start with bcrt1, m, n or 2',
    })
    expect((await fill(flow, '0.1', 'bcrt1qthisisnotanaddress')).error).toMatchObject({
      english:
        'Invalid receiver address. Not a valid Bitcoin address: Bitcoin regtest addresses start with bcrt1, m, n or 2',
    })
    expect((await fill(flow, '0.0000032', receiver)).error).toMatchObject({
      english:
        'Amount under the dust limit: send at least 0.0000033 BTC (330 sats) to this address',
    })
    expect((await fill(flow, '11', receiver)).error).toMatchObject({
      english: 'Insufficient BTC balance',
    })
    expect((await fill(flow, '10', receiver)).error).toMatchObject({
      english:
        'Not enough BTC for the network fee: at 16 sat/vB you can send at most 9.99998048 BTC',
    })
    flow.setCustomFeeRate('0')
    expect((await fill(flow, '0.1', receiver)).error).toBe(
      'Invalid fee rate: enter a whole number of sat/vB, at least 1',
    )
    expect(flow.state.get().step).toBe('form')
    expect(await satsAt(keys.payment.address)).toBe(1_000_000_000n)
  })

  it('reviews the exact fee at the rate chosen, sends, and says when it is mined', async () => {
    const { flow, keys, toasts } = await setup(4)
    const receiver = (devnet.accounts[5] as DevnetBitcoinAccount).ordinals.address
    flow.setFeeSpeed('fast')
    const reviewed = await fill(flow, '0.12345678', receiver)
    expect(reviewed.step).toBe('review')
    // One coin, a taproot receiver and a native segwit change: 153 vB at 26 sat/vB.
    expect(reviewed.fee).toMatchObject({
      status: 'ready',
      fee: 153n * 26n,
      exact: true,
      vsize: 153,
    })
    expect(reviewed.feeRate?.options.find((option) => option.speed === 'fast')?.fee).toBe(
      153n * 26n,
    )
    await flow.send()
    const result = flow.state.get().result
    expect(result).toMatchObject({ status: 'pending', amount: '0.12345678', symbol: 'BTC' })
    devnet.mine(1)
    await expect.poll(() => flow.state.get().result?.status).toBe('confirmed')
    expect(toasts).toEqual(['success: Sent 0.12345678 BTC'])
    const tx = JSON.parse(await esplora(`/tx/${result?.hash}`)) as {
      fee: number
      vout: { scriptpubkey_address: string; value: number }[]
    }
    expect(tx.fee).toBe(153 * 26)
    expect(tx.vout.map((output) => [output.scriptpubkey_address, output.value])).toEqual([
      [receiver, 12_345_678],
      [keys.payment.address, 1_000_000_000 - 12_345_678 - 153 * 26],
    ])
  })

  it('Max sends every coin less the fee of sending them', async () => {
    const { flow } = await setup(6)
    await flow.max()
    // One coin into one native segwit output: 110 vB at 16 sat/vB, 1,760 sats.
    expect(flow.state.get().amount).toBe('9.9999824')
  })
})
