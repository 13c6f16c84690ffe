import { encodeSs58 } from '@latch/protocol/polkadot'
import { describe, expect, it } from 'vitest'
import { transferToolsFixture } from '../transferTools.fixture.ts'
import { polkadotTransferPreparation as polkadot } from './prepareTransfer.ts'

const CHAIN = 'polkadot:00000000000000000000000000000042' as const
const BOB_KEY = Uint8Array.from(
  Buffer.from('8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48', 'hex'),
)
const BOB = encodeSs58(BOB_KEY, 42)
const ROC = { decimals: 12, symbol: 'ROC' }

describe('the Polkadot part of a send', () => {
  it("checks the receiver against the network's prefix, named in the refusal", async () => {
    const { tools } = transferToolsFixture(CHAIN, BOB)
    const named = { ...tools, network: { name: 'Latch Polkadot', ss58Prefix: 42 } }
    expect(await polkadot.check({ token: ROC, amount: '1', receiver: BOB }, named)).toEqual({
      to: BOB,
      amount: 10n ** 12n,
    })
    const polkadotBob = encodeSs58(BOB_KEY, 0)
    const refused = await polkadot
      .check({ token: ROC, amount: '1', receiver: polkadotBob }, named)
      .catch((error: unknown) => error)
    expect(polkadot.receiverRefusal?.(refused)).toMatchObject({
      key: 'send.invalidReceiverBecause',
    })
  })

  it('refuses a send that would leave less than the existential deposit', async () => {
    const format = (value: bigint) => `${value} planck`
    const transfer = { to: BOB, amount: 61n }
    const fee = { fee: 10n, existentialDeposit: 30n }
    expect(await polkadot.refusal?.({ transfer, fee, balance: 100n, format })).toMatch(
      /^Your account must keep at least 30 planck/,
    )
    expect(
      await polkadot.refusal?.({
        transfer: { ...transfer, amount: 60n },
        fee,
        balance: 100n,
        format,
      }),
    ).toBeUndefined()
  })

  it('keeps twice the fee and the existential deposit back on Max', async () => {
    const { tools, fees } = transferToolsFixture(CHAIN, BOB, {
      balance: 1000n,
      fee: { fee: 10n, existentialDeposit: 100n },
    })
    expect(await polkadot.maxNative({}, tools)).toBe(880n)
    expect(fees).toEqual([{ to: BOB, amount: 1n }])
  })
})
