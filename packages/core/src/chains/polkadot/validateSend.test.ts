import { encodeSs58 } from '@latch/protocol/polkadot'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../../errors.ts'
import { parseAmount } from '../../validation/sendFields.ts'
import type { TransferDraft } from '../types.ts'
import { existentialDepositProblem, validatePolkadotSend } from './validateSend.ts'

const NETWORK = { name: 'Latch Polkadot', ss58Prefix: 42 }
const polkadotTransfer = (draft: TransferDraft, network: typeof NETWORK) =>
  validatePolkadotSend(draft, network, parseAmount)
const BOB_KEY = Uint8Array.from(
  Buffer.from('8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48', 'hex'),
)
const BOB = encodeSs58(BOB_KEY, 42)
const ROC = { decimals: 12, symbol: 'ROC' }

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof LatchError) return { message: error.shortMessage, details: error.details }
    throw error
  }
  throw new Error('no refusal')
}

describe('a Polkadot send checked by its network', () => {
  it('gives the transfer in planck to an address of the prefix', () => {
    expect(polkadotTransfer({ token: ROC, amount: '1.5', receiver: BOB }, NETWORK)).toEqual({
      to: BOB,
      amount: 1_500_000_000_000n,
    })
  })

  it('names the network an address of another prefix is for', () => {
    const polkadotBob = encodeSs58(BOB_KEY, 0)
    expect(
      refusal(() => polkadotTransfer({ token: ROC, amount: '1', receiver: polkadotBob }, NETWORK)),
    ).toEqual({
      message: 'Invalid receiver address',
      details:
        'This address is for another network (Polkadot (prefix 0)); this network takes generic Substrate (prefix 42) addresses',
    })
  })

  it('tells a typo by its checksum', () => {
    const typo = `${BOB.slice(0, -1)}${BOB.endsWith('z') ? 'y' : 'z'}`
    expect(
      refusal(() => polkadotTransfer({ token: ROC, amount: '1', receiver: typo }, NETWORK)),
    ).toEqual({
      message: 'Invalid receiver address',
      details: 'This address has a wrong checksum: check it for a typo',
    })
  })

  it('refuses what is no SS58 address, tokens, too many decimals, and missing fields', () => {
    expect(
      refusal(() =>
        polkadotTransfer(
          { token: ROC, amount: '1', receiver: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' },
          NETWORK,
        ),
      ),
    ).toEqual({
      message: 'Invalid receiver address',
      details: 'Expected a Polkadot (SS58) address',
    })
    expect(
      refusal(() =>
        polkadotTransfer(
          { token: { ...ROC, address: '0x01' as `0x${string}` }, amount: '1', receiver: BOB },
          NETWORK,
        ),
      ).message,
    ).toBe('A Polkadot wallet sends the native coin only')
    expect(
      refusal(() =>
        polkadotTransfer({ token: ROC, amount: '0.0000000000001', receiver: BOB }, NETWORK),
      ),
    ).toEqual({
      message: 'Invalid amount',
      details: 'ROC has 12 decimals',
    })
    expect(
      refusal(() => polkadotTransfer({ token: ROC, amount: '', receiver: BOB }, NETWORK)).message,
    ).toBe('An amount and receiver address are required')
    expect(refusal(() => polkadotTransfer({ amount: '1', receiver: BOB }, NETWORK)).message).toBe(
      'A token is required',
    )
  })
})

describe('the existential deposit', () => {
  const format = (value: bigint) => `${value} planck`

  it('lets a send that leaves at least the deposit through', () => {
    expect(
      existentialDepositProblem({
        balance: 100n,
        amount: 60n,
        fee: 10n,
        existentialDeposit: 30n,
        format,
      }),
    ).toBeUndefined()
  })

  it('says how much may be sent when the send would leave less', () => {
    expect(
      existentialDepositProblem({
        balance: 100n,
        amount: 61n,
        fee: 10n,
        existentialDeposit: 30n,
        format,
      }),
    ).toBe(
      "Your account must keep at least 30 planck (the network's existential deposit): send at most 60 planck",
    )
  })

  it('says the balance cannot pay when nothing may be sent', () => {
    expect(
      existentialDepositProblem({
        balance: 35n,
        amount: 1n,
        fee: 10n,
        existentialDeposit: 30n,
        format,
      }),
    ).toBe(
      "Your account must keep at least 30 planck (the network's existential deposit), and this balance cannot pay the fee on top",
    )
  })
})
