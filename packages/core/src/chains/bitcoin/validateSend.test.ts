import { BITCOIN_MAINNET, BITCOIN_TESTNET } from '@latch/protocol/bitcoin-networks'
import type { CaipNetworkId } from '@latch/protocol/caip'
import { describe, expect, it } from 'vitest'
import { parseAmount } from '../../validation/sendFields.ts'
import type { TransferDraft } from '../types.ts'
import { validateBitcoinSend } from './validateSend.ts'

const btc = { decimals: 8, symbol: 'BTC' }
const bitcoinTransfer = (draft: TransferDraft, caipNetworkId: CaipNetworkId) =>
  validateBitcoinSend(draft, caipNetworkId, parseAmount)
// One key's P2WPKH address on mainnet and on testnet.
const MAINNET_ADDRESS = 'bc1ql3e9pgs3mmwuwrh95fecme0s0qtn2880lsvsd5'
const TESTNET_ADDRESS = 'tb1ql3e9pgs3mmwuwrh95fecme0s0qtn28804khrk8'

const details = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as { shortMessage?: string; details?: string }).details
  }
  return undefined
}

describe('a Bitcoin send, checked by its network', () => {
  it('becomes the transfer the Bitcoin adapter sends, in satoshis, with its fee rate', () => {
    expect(
      bitcoinTransfer(
        { token: btc, amount: '0.5', receiver: MAINNET_ADDRESS, feeRate: 12 },
        BITCOIN_MAINNET,
      ),
    ).toEqual({ to: MAINNET_ADDRESS, amount: 50_000_000n, feeRate: 12 })
    expect(
      bitcoinTransfer(
        { token: btc, amount: '0.00000294', receiver: TESTNET_ADDRESS },
        BITCOIN_TESTNET,
      ),
    ).toEqual({
      to: TESTNET_ADDRESS,
      amount: 294n,
    })
  })

  it('names the network of an address of the other one: bc1 on testnet, tb1 on mainnet', () => {
    const onTestnet = () =>
      bitcoinTransfer({ token: btc, amount: '0.1', receiver: MAINNET_ADDRESS }, BITCOIN_TESTNET)
    expect(onTestnet).toThrow('Invalid receiver address')
    expect(details(onTestnet)).toBe(
      'This is a Bitcoin mainnet address: Bitcoin testnet addresses start with tb1, m, n or 2',
    )
    const onMainnet = () =>
      bitcoinTransfer({ token: btc, amount: '0.1', receiver: TESTNET_ADDRESS }, BITCOIN_MAINNET)
    expect(details(onMainnet)).toBe(
      'This is a Bitcoin testnet address: Bitcoin mainnet addresses start with bc1, 1 or 3',
    )
    // A character changed: its checksum fails, so it is no address at all.
    const typo = () =>
      bitcoinTransfer(
        { token: btc, amount: '0.1', receiver: MAINNET_ADDRESS.replace('l3e9', 'l3e8') },
        BITCOIN_MAINNET,
      )
    expect(details(typo)).toBe(
      'Not a valid Bitcoin address: Bitcoin mainnet addresses start with bc1, 1 or 3',
    )
  })

  it('refuses dust, more than 8 decimals, a fee rate of 0, a token, and missing fields', () => {
    const send = (request: TransferDraft) => () => bitcoinTransfer(request, BITCOIN_MAINNET)
    expect(send({ token: btc, amount: '0.00000293', receiver: MAINNET_ADDRESS })).toThrow(
      'Amount under the dust limit: send at least 0.00000294 BTC (294 sats) to this address',
    )
    expect(send({ token: btc, amount: '0.000000001', receiver: MAINNET_ADDRESS })).toThrow(
      'Invalid amount',
    )
    expect(send({ token: btc, amount: '0.1', receiver: MAINNET_ADDRESS, feeRate: 0 })).toThrow(
      'Invalid fee rate: enter a whole number of sat/vB, at least 1',
    )
    expect(
      send({
        token: { ...btc, address: '0x01' as `0x${string}` },
        amount: '1',
        receiver: MAINNET_ADDRESS,
      }),
    ).toThrow('A Bitcoin wallet sends bitcoin only')
    expect(send({ amount: '1', receiver: MAINNET_ADDRESS })).toThrow('A token is required')
    expect(send({ token: btc, receiver: MAINNET_ADDRESS })).toThrow(
      'An amount and receiver address are required',
    )
  })
})
