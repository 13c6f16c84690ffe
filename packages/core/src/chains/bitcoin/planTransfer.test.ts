import { describe, expect, it } from 'vitest'
import { type Coin, planTransfer, senderOf } from './planTransfer.ts'
import { dustThreshold, transactionVsize } from './txSize.ts'

// Devnet-style addresses (regtest), and a mainnet and a testnet one for the wrong-network checks.
const PAYMENT = {
  address: 'bcrt1ql3e9pgs3mmwuwrh95fecme0s0qtn2880hlwwpw',
  publicKey: '034f355bdcb7cc0af728ef3cceb9615d90684bb5b2ca5f859ab0f0b704075871aa',
}
const RECEIVER = 'bcrt1p9fjtrm3nwhemkjek0wxtswz2glmneu33w9lcylrvd7alttk0psmqqf08dg'
const MAINNET = 'bc1ql3e9pgs3mmwuwrh95fecme0s0qtn2880lsvsd5'
const sender = senderOf(PAYMENT)
const coin = (value: bigint, txid = 'aa'.repeat(32), vout = 0): Coin => ({ txid, vout, value })

describe('planTransfer', () => {
  it('pays the amount from the largest coin, the change back, a fee of vsize x rate to the satoshi', () => {
    const plan = planTransfer(
      [coin(50_000n, 'bb'.repeat(32)), coin(1_000_000_000n), coin(20_000n, 'cc'.repeat(32))],
      sender,
      { to: RECEIVER, amount: 12_345_678n, feeRate: 16 },
      'regtest',
    )
    // One P2WPKH input, a P2TR output and a P2WPKH change: 153 vbytes with a 72-byte signature.
    expect(plan.vsize).toBe(153)
    expect(plan.fee).toBe(153n * 16n)
    expect(plan.coins).toEqual([coin(1_000_000_000n)])
    expect(plan.change).toBe(1_000_000_000n - 12_345_678n - plan.fee)
    expect(plan.outputs.map((output) => output.amount)).toEqual([12_345_678n, plan.change])
    expect(plan.outputs[1]?.script).toEqual(sender.script)
  })

  it('adds coins until they pay, and leaves a change under the dust limit to the fee', () => {
    const coins = [coin(30_000n, 'bb'.repeat(32)), coin(20_000n, 'cc'.repeat(32))]
    const twoInputs = planTransfer(
      coins,
      sender,
      { to: RECEIVER, amount: 45_000n, feeRate: 10 },
      'regtest',
    )
    expect(twoInputs.coins).toHaveLength(2)
    expect(twoInputs.vsize).toBe(221)
    expect(twoInputs.fee).toBe(2_210n)
    expect(twoInputs.change).toBe(50_000n - 45_000n - 2_210n)
    // 47,900 of 50,000 leaves 2,100: with a change output the fee would be 2,210, without it
    // 1,900, so there is no change and the 200 over goes to the fee.
    const noChange = planTransfer(
      coins,
      sender,
      { to: RECEIVER, amount: 47_900n, feeRate: 10 },
      'regtest',
    )
    expect(noChange.change).toBe(0n)
    expect(noChange.outputs).toHaveLength(1)
    expect(noChange.vsize).toBe(190)
    expect(noChange.fee).toBe(2_100n)
    expect(noChange.fee).toBeGreaterThanOrEqual(BigInt(noChange.vsize) * 10n)
  })

  it('refuses bad input with a message that says what to do', () => {
    const coins = [coin(100_000n)]
    const plan = (to: string, amount: bigint, feeRate: number) => () =>
      planTransfer(coins, sender, { to, amount, feeRate }, 'regtest')
    expect(plan(RECEIVER, 329n, 5)).toThrow(
      'Amount under the dust limit: send at least 0.0000033 BTC (330 sats) to this address',
    )
    expect(plan(RECEIVER, 10_000n, 0)).toThrow(
      'Invalid fee rate: enter a whole number of sat/vB, at least 1',
    )
    expect(plan(RECEIVER, 10_000n, 1.5)).toThrow('Invalid fee rate')
    expect(plan(RECEIVER, 100_001n, 5)).toThrow('Insufficient BTC balance')
    expect(plan(RECEIVER, 99_500n, 5)).toThrow(
      'Not enough BTC for the network fee: at 5 sat/vB you can send at most 0.0009939 BTC',
    )
    expect(plan(MAINNET, 10_000n, 5)).toThrow(
      'This is a Bitcoin mainnet address: Bitcoin regtest addresses start with bcrt1, m, n or 2',
    )
    expect(plan('bcrt1qnotanaddress', 10_000n, 5)).toThrow('Not a valid Bitcoin address')
  })
})

describe('transaction sizes and dust', () => {
  it("counts inputs and outputs as Bitcoin Core's policy does", () => {
    const p2wpkh = senderOf(PAYMENT).script
    expect(transactionVsize(['p2wpkh'], [p2wpkh, p2wpkh])).toBe(141)
    expect(transactionVsize(['p2tr'], [p2wpkh])).toBe(99)
    expect(transactionVsize(['p2sh-p2wpkh', 'p2sh-p2wpkh'], [p2wpkh])).toBe(224)
    expect(dustThreshold(p2wpkh)).toBe(294n)
    expect(dustThreshold(new Uint8Array([0x51, 32, ...new Uint8Array(32)]))).toBe(330n)
    expect(dustThreshold(new Uint8Array([0xa9, 20, ...new Uint8Array(20), 0x87]))).toBe(540n)
    expect(dustThreshold(new Uint8Array([0x76, 0xa9, 20, ...new Uint8Array(20), 0x88, 0xac]))).toBe(
      546n,
    )
  })
})
