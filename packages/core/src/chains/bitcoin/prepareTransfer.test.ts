import { BITCOIN_MAINNET } from '@latch/protocol/bitcoin-networks'
import { describe, expect, it } from 'vitest'
import { transferToolsFixture } from '../transferTools.fixture.ts'
import { bitcoinTransferPreparation as bitcoin } from './prepareTransfer.ts'

const MAINNET_ADDRESS = 'bc1ql3e9pgs3mmwuwrh95fecme0s0qtn2880lsvsd5'
const TESTNET_ADDRESS = 'tb1ql3e9pgs3mmwuwrh95fecme0s0qtn28804khrk8'
const btc = { decimals: 8, symbol: 'BTC' }

describe('the Bitcoin part of a send', () => {
  it('checks a send into satoshis at the rate chosen, and names the network of a wrong address', async () => {
    const { tools } = transferToolsFixture(BITCOIN_MAINNET, MAINNET_ADDRESS)
    const draft = { token: btc, amount: '0.5', receiver: MAINNET_ADDRESS, feeRate: 12 }
    expect(await bitcoin.check(draft, tools)).toEqual({
      to: MAINNET_ADDRESS,
      amount: 50_000_000n,
      feeRate: 12,
    })
    const refused = await bitcoin
      .check({ ...draft, receiver: TESTNET_ADDRESS }, tools)
      .catch((error: unknown) => error)
    expect(bitcoin.receiverRefusal?.(refused)).toMatchObject({ key: 'send.invalidReceiverBecause' })
  })

  it('asks the family for the most a transfer at the rate can send', async () => {
    const { tools } = transferToolsFixture(BITCOIN_MAINNET, MAINNET_ADDRESS)
    const asked: unknown[] = []
    const withMax = {
      ...tools,
      maxTransfer: async (transfer: { to?: string; feeRate?: number }) => {
        asked.push(transfer)
        return 1234n
      },
    }
    expect(await bitcoin.maxNative({ receiver: ` ${MAINNET_ADDRESS} `, feeRate: 3 }, withMax)).toBe(
      1234n,
    )
    expect(asked).toEqual([{ to: MAINNET_ADDRESS, feeRate: 3 }])
    await expect(bitcoin.maxNative({}, tools)).rejects.toThrow('Network fee unavailable')
  })
})
