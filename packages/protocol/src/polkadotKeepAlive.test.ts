import { describe, expect, it } from 'vitest'
import { keepAliveRefusal, keepAliveTransferable } from './polkadotKeepAlive.ts'

const format = (planck: bigint) => `${planck} planck`
const base = { free: 100n, fee: 10n, existentialDeposit: 30n, format }

describe('keepAliveTransferable', () => {
  it('keeps back the existential deposit, or the frozen part when that is larger', () => {
    expect(keepAliveTransferable({ free: 100n, existentialDeposit: 30n })).toBe(70n)
    expect(keepAliveTransferable({ free: 100n, frozen: 50n, existentialDeposit: 30n })).toBe(50n)
    expect(keepAliveTransferable({ free: 20n, existentialDeposit: 30n })).toBe(0n)
  })
})

describe('keepAliveRefusal', () => {
  it('lets a transfer through that leaves at least the deposit', () => {
    expect(keepAliveRefusal({ ...base, amount: 60n })).toBeUndefined()
  })

  it('names the deposit and the most that may be sent when the rest would fall under it', () => {
    expect(keepAliveRefusal({ ...base, amount: 61n })).toBe(
      "Your account must keep at least 30 planck (the network's existential deposit): send at most 60 planck",
    )
    // The whole balance with its fee still fits what the account holds: the deposit is the reason.
    expect(keepAliveRefusal({ ...base, amount: 90n })).toMatch(
      /existential deposit\): send at most/,
    )
  })

  it('says the balance cannot pay the fee when nothing may be sent', () => {
    expect(keepAliveRefusal({ ...base, free: 35n, amount: 1n })).toBe(
      "Your account must keep at least 30 planck (the network's existential deposit), and this balance cannot pay the fee on top",
    )
  })

  it('says amount and fee are more than the transferable balance when they exceed what it holds', () => {
    expect(keepAliveRefusal({ ...base, amount: 100n })).toBe(
      'Amount plus the network fee (110 planck) is more than your transferable balance (70 planck)',
    )
    // Frozen funds move neither way: past what is not frozen, the balance is the reason.
    expect(keepAliveRefusal({ ...base, frozen: 50n, amount: 45n })).toBe(
      'Amount plus the network fee (55 planck) is more than your transferable balance (50 planck)',
    )
  })
})
