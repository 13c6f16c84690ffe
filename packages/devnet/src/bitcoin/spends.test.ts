import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC } from '../constants.ts'
import { hex } from './bytes.ts'
import { type BitcoinDevnet, startBitcoinDevnet } from './server.ts'
import {
  corruptSignature,
  type FixtureCoin,
  getJson,
  nodeError,
  post,
  signSpend,
  withOutputAmount,
} from './spend.fixture.ts'
import { parseTransaction } from './transaction.ts'

let devnet: BitcoinDevnet
let url: string
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0, mnemonic: DEVNET_MNEMONIC })
  url = devnet.esploraUrl
})
afterAll(async () => {
  await devnet?.stop()
})

type Status = { confirmed: boolean; block_height?: number; block_hash?: string }
type EsploraTx = {
  txid: string
  fee: number
  weight: number
  size: number
  vin: { txid: string; vout: number; prevout: { value: number; scriptpubkey_address: string } }[]
  vout: { value: number; scriptpubkey_address?: string; scriptpubkey_type: string }[]
  status: Status
}
type Stats = { funded_txo_sum: number; spent_txo_sum: number; tx_count: number }
type AddressInfo = { chain_stats: Stats; mempool_stats: Stats }

const utxos = (address: string) =>
  getJson<(FixtureCoin & { status: Status })[]>(url, `/address/${address}/utxo`)
const balance = async (address: string) => {
  const { chain_stats, mempool_stats } = await getJson<AddressInfo>(url, `/address/${address}`)
  return {
    confirmed: chain_stats.funded_txo_sum - chain_stats.spent_txo_sum,
    unconfirmed: mempool_stats.funded_txo_sum - mempool_stats.spent_txo_sum,
  }
}
/** A raw transaction's txid and vsize, as the node would count them. */
const txidOf = async (rawHex: string) => parseTransaction(hex.decode(rawHex)).txid
const vsizeOf = async (rawHex: string) => parseTransaction(hex.decode(rawHex)).vsize
const mine = async (blocks = 1) => {
  const { status, text } = await post(url, `/latch/mine?blocks=${blocks}`)
  expect(status).toBe(200)
  return JSON.parse(text) as string[]
}

describe('Bitcoin devnet (Esplora API)', () => {
  it('starts on regtest with every account funded from a matured coinbase', async () => {
    expect(await (await fetch(`${url}/block-height/0`)).text()).toBe(
      '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    )
    const height = Number(await (await fetch(`${url}/blocks/tip/height`)).text())
    expect(height).toBeGreaterThanOrEqual(110)
    for (const account of devnet.keys.accounts) {
      expect(account.payment.address).toMatch(/^bcrt1q/)
      expect(account.ordinals.address).toMatch(/^bcrt1p/)
      expect(await balance(account.payment.address)).toEqual({
        confirmed: 1_000_000_000,
        unconfirmed: 0,
      })
      expect(await balance(account.ordinals.address)).toEqual({
        confirmed: 100_000,
        unconfirmed: 0,
      })
    }
    // The same addresses on every start.
    expect(devnet.keys.accounts[0]?.payment.address).toBe(
      'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
    )
  })

  it('takes a valid P2WPKH spend with change into the mempool, then mines it', async () => {
    const [sender, receiver] = devnet.keys.accounts.slice(1, 3) as [
      (typeof devnet.keys.accounts)[number],
      (typeof devnet.keys.accounts)[number],
    ]
    const [coin] = await utxos(sender.payment.address)
    if (!coin) throw new Error('no coin')
    const raw = signSpend(
      sender.payment,
      [coin],
      [
        { address: receiver.payment.address, sats: 25_000_000n },
        { address: sender.payment.address, sats: BigInt(coin.value) - 25_000_000n - 2_000n },
      ],
    )
    const sent = await post(url, '/tx', raw)
    expect(sent.status).toBe(200)
    const txid = sent.text
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await getJson(url, `/tx/${txid}/status`)).toEqual({ confirmed: false })
    expect(await (await fetch(`${url}/tx/${txid}/hex`)).text()).toBe(raw)
    expect(await balance(receiver.payment.address)).toEqual({
      confirmed: 1_000_000_000,
      unconfirmed: 25_000_000,
    })
    expect(await balance(sender.payment.address)).toEqual({
      confirmed: 1_000_000_000,
      unconfirmed: -25_002_000,
    })

    const [hash] = await mine()
    const tx = await getJson<EsploraTx>(url, `/tx/${txid}`)
    expect(tx.status).toMatchObject({ confirmed: true, block_hash: hash })
    expect(tx.fee).toBe(2_000)
    expect(tx.vin[0]).toMatchObject({
      txid: coin.txid,
      vout: coin.vout,
      prevout: { value: 1_000_000_000, scriptpubkey_address: sender.payment.address },
    })
    expect(tx.vout.map((output) => [output.scriptpubkey_type, output.value])).toEqual([
      ['v0_p2wpkh', 25_000_000],
      ['v0_p2wpkh', 974_998_000],
    ])
    expect(await getJson<string[]>(url, `/block/${hash}/txids`)).toContain(txid)
    expect(await balance(receiver.payment.address)).toEqual({
      confirmed: 1_025_000_000,
      unconfirmed: 0,
    })
    expect((await utxos(sender.payment.address)).map((utxo) => utxo.value)).toEqual([974_998_000])
    // Newest first: the spend, then the coinbase that funded the account.
    const history = await getJson<EsploraTx[]>(url, `/address/${sender.payment.address}/txs`)
    expect(history.map((entry) => entry.txid)).toEqual([txid, coin.txid])
  })

  it('takes a taproot key-path spend from an ordinals address', async () => {
    const account = devnet.keys.accounts[3]
    if (!account) throw new Error('no account')
    const [coin] = await utxos(account.ordinals.address)
    if (!coin) throw new Error('no coin')
    const raw = signSpend(
      account.ordinals,
      [coin],
      [{ address: account.payment.address, sats: BigInt(coin.value) - 500n }],
    )
    const sent = await post(url, '/tx', raw)
    expect(sent).toMatchObject({ status: 200 })
    await mine()
    expect(await getJson(url, `/tx/${sent.text}/status`)).toMatchObject({ confirmed: true })
    expect(await balance(account.ordinals.address)).toEqual({ confirmed: 0, unconfirmed: 0 })
  })

  it("refuses a bad signature with the node's script error, ECDSA and Schnorr", async () => {
    const account = devnet.keys.accounts[4]
    if (!account) throw new Error('no account')
    const [coin] = await utxos(account.payment.address)
    if (!coin) throw new Error('no coin')
    const raw = signSpend(
      account.payment,
      [coin],
      [{ address: account.ordinals.address, sats: BigInt(coin.value) - 1_000n }],
    )
    expect(await post(url, '/tx', corruptSignature(raw))).toEqual({
      status: 400,
      text: nodeError(
        -26,
        'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)',
      ),
    })
    // Signed by another account's key: its public key does not hash to the coin's address.
    const other = devnet.keys.accounts[5]?.payment
    if (!other) throw new Error('no account')
    const foreign = signSpend(
      other,
      [coin],
      [{ address: account.ordinals.address, sats: BigInt(coin.value) - 1_000n }],
    )
    expect((await post(url, '/tx', foreign)).text).toBe(
      nodeError(
        -26,
        'mandatory-script-verify-flag-failed (Script failed an OP_EQUALVERIFY operation)',
      ),
    )

    const [tapCoin] = await utxos(account.ordinals.address)
    if (!tapCoin) throw new Error('no coin')
    const tapRaw = signSpend(
      account.ordinals,
      [tapCoin],
      [{ address: account.payment.address, sats: BigInt(tapCoin.value) - 500n }],
    )
    expect((await post(url, '/tx', corruptSignature(tapRaw))).text).toBe(
      nodeError(-26, 'mandatory-script-verify-flag-failed (Invalid Schnorr signature)'),
    )
    // Nothing was taken: the coins are still unspent.
    expect(await balance(account.payment.address)).toEqual({
      confirmed: 1_000_000_000,
      unconfirmed: 0,
    })
  })

  it('refuses a double spend that does not pay to replace, replaces one that does, and refuses any once mined', async () => {
    const account = devnet.keys.accounts[6]
    if (!account) throw new Error('no account')
    const [coin] = await utxos(account.payment.address)
    if (!coin) throw new Error('no coin')
    const pay = (fee: bigint) =>
      signSpend(
        account.payment,
        [coin],
        [{ address: account.ordinals.address, sats: BigInt(coin.value) - fee }],
      )
    const first = await post(url, '/tx', pay(1_000n))
    expect(first.status).toBe(200)
    // The same transaction again is accepted again, as Bitcoin Core does.
    expect(await post(url, '/tx', pay(1_000n))).toEqual(first)
    // Full RBF: a conflicting spend must pay a higher rate, the old fee, and its own relay fee.
    const cheaper = signSpend(
      account.payment,
      [coin],
      [{ address: account.ordinals.address, sats: BigInt(coin.value) - 500n }],
    )
    const refused = await post(url, '/tx', cheaper)
    expect(refused.status).toBe(400)
    expect(refused.text).toMatch(
      /^sendrawtransaction RPC error: \{"code":-26,"message":"insufficient fee, rejecting replacement [0-9a-f]{64}; new feerate 0\.0000\d{4} BTC\/kvB <= old feerate 0\.0000\d{4} BTC\/kvB"\}$/,
    )
    expect((await post(url, '/tx', pay(1_050n))).text).toBe(
      nodeError(
        -26,
        `insufficient fee, rejecting replacement ${await txidOf(pay(1_050n))}, not enough additional fees to relay; 0.0000005 < 0.00000${await vsizeOf(pay(1_050n))}`,
      ),
    )
    const replacement = await post(url, '/tx', pay(5_000n))
    expect(replacement.status).toBe(200)
    expect((await fetch(`${url}/tx/${first.text}`)).status).toBe(404)
    await mine()
    expect(await getJson(url, `/tx/${replacement.text}/status`)).toMatchObject({ confirmed: true })
    expect(await post(url, '/tx', pay(9_000n))).toEqual({
      status: 400,
      text: nodeError(-25, 'bad-txns-inputs-missingorspent'),
    })
    const outspends = await getJson<{ spent: boolean; txid?: string }[]>(
      url,
      `/tx/${coin.txid}/outspends`,
    )
    expect(outspends[coin.vout]).toMatchObject({ spent: true, txid: replacement.text })
  })

  it('refuses dust, a fee under the relay minimum, more out than in, and an immature coinbase', async () => {
    const account = devnet.keys.accounts[7]
    if (!account) throw new Error('no account')
    const [coin] = await utxos(account.payment.address)
    if (!coin) throw new Error('no coin')
    const refusal = async (outputs: { address: string; sats: bigint }[]) =>
      (await post(url, '/tx', signSpend(account.payment, [coin], outputs))).text
    const change = (sats: bigint) => ({ address: account.payment.address, sats })
    const receiver = devnet.keys.accounts[0]?.payment.address ?? ''
    // 293 sats to P2WPKH is under its 294-sat dust threshold (294 passes, below).
    expect(
      await refusal([{ address: receiver, sats: 293n }, change(BigInt(coin.value) - 10_000n)]),
    ).toBe(nodeError(-26, 'dust'))
    expect(await refusal([change(BigInt(coin.value))])).toBe(
      nodeError(-26, 'min relay fee not met, 0 < 110'),
    )
    const overspend = withOutputAmount(
      signSpend(account.payment, [coin], [change(BigInt(coin.value) - 1_000n)]),
      0,
      BigInt(coin.value) + 1n,
    )
    expect((await post(url, '/tx', overspend)).text).toBe(
      nodeError(-26, 'bad-txns-in-belowout, value in (10.00) < value out (10.00000001)'),
    )
    // The miner's newest coinbase is 1 deep: 99 blocks short of spendable.
    const miner = devnet.keys.miner
    const tip = await getJson<string[]>(
      url,
      `/block/${await (await fetch(`${url}/blocks/tip/hash`)).text()}/txids`,
    )
    const coinbase = await getJson<EsploraTx>(url, `/tx/${tip[0]}`)
    const premature = signSpend(
      miner,
      [{ txid: coinbase.txid, vout: 0, value: coinbase.vout[0]?.value ?? 0 }],
      [{ address: account.payment.address, sats: 100_000_000n }],
    )
    expect((await post(url, '/tx', premature)).text).toBe(
      nodeError(-26, 'bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 1'),
    )
    expect((await post(url, '/tx', 'zz')).text).toBe(
      nodeError(-22, 'TX decode failed. Make sure the tx has at least one input.'),
    )
    expect(
      await refusal([{ address: receiver, sats: 294n }, change(BigInt(coin.value) - 10_000n)]),
    ).toMatch(/^[0-9a-f]{64}$/)
  })

  it('pays from the faucet, and pages an address history 25 confirmed transactions at a time', async () => {
    const address = devnet.keys.accounts[8]?.ordinals.address
    if (!address) throw new Error('no account')
    const txids: string[] = []
    for (let index = 0; index < 27; index++) {
      const paid = await post(
        url,
        '/latch/faucet',
        JSON.stringify({ address, sats: 10_000 + index }),
      )
      expect(paid.status).toBe(200)
      txids.push(paid.text)
    }
    await mine()
    const first = await getJson<EsploraTx[]>(url, `/address/${address}/txs/chain`)
    expect(first).toHaveLength(25)
    const last = first[24]?.txid
    const second = await getJson<EsploraTx[]>(url, `/address/${address}/txs/chain/${last}`)
    // 27 faucet payments and the funding coinbase, newest first across both pages.
    expect([...first, ...second].map((tx) => tx.txid)).toHaveLength(28)
    expect(new Set([...first, ...second].map((tx) => tx.txid))).toEqual(
      new Set([...txids, ...second.slice(-1).map((tx) => tx.txid)]),
    )
    expect(await balance(address)).toEqual({
      confirmed: 100_000 + 27 * 10_000 + (26 * 27) / 2,
      unconfirmed: 0,
    })
  })

  it('answers bad input as Esplora does: text errors with 400 or 404', async () => {
    const cases: [string, number, string][] = [
      ['/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 400, 'Address on invalid network'],
      ['/address/not-an-address/utxo', 400, 'Invalid Bitcoin address'],
      ['/tx/1234', 400, 'Invalid hex string'],
      [`/tx/${'ab'.repeat(32)}`, 404, 'Transaction not found'],
      [`/block/${'ab'.repeat(32)}`, 404, 'Block not found'],
    ]
    for (const [path, status, text] of cases) {
      const response = await fetch(`${url}${path}`)
      expect([path, response.status, await response.text()]).toEqual([path, status, text])
      expect(response.headers.get('content-type')).toBe('text/plain')
    }
    expect(
      await post(
        url,
        '/latch/faucet',
        JSON.stringify({ address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', sats: 1000 }),
      ),
    ).toEqual({
      status: 400,
      text: 'This is a Bitcoin testnet address: Bitcoin regtest addresses start with bcrt1, m, n or 2',
    })
    const estimates = await getJson<Record<string, number>>(url, '/fee-estimates')
    expect(estimates['1']).toBeGreaterThan(estimates['6'] as number)
    expect(estimates['6']).toBeGreaterThan(estimates['144'] as number)
  })
})

describe('Bitcoin devnet on a timer', () => {
  it('mines a block every blockIntervalMs by itself', async () => {
    const timed = await startBitcoinDevnet({
      port: 0,
      mnemonic: DEVNET_MNEMONIC,
      blockIntervalMs: 50,
    })
    try {
      const start = timed.chain.tip.height
      await expect.poll(() => timed.chain.tip.height, { timeout: 5_000 }).toBeGreaterThan(start + 1)
    } finally {
      await timed.stop()
    }
  })
})
