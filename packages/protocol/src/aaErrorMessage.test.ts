import { describe, expect, it } from 'vitest'
import { aaErrorMessage } from './aaErrorMessage.ts'

describe('aaErrorMessage', () => {
  it("gives plain words for the codes alto answered with on the devnet, whatever the bundler's wording", () => {
    expect(aaErrorMessage("UserOperation reverted with reason: AA21 didn't pay prefund")).toBe(
      "Not enough funds in your smart account to pay this operation's network fee",
    )
    expect(
      aaErrorMessage(
        "UserOperation reverted during simulation with reason: AA21 didn't pay prefund",
      ),
    ).toBe(aaErrorMessage("AA21 didn't pay prefund"))
    expect(aaErrorMessage('UserOperation reverted with reason: AA25 invalid account nonce')).toBe(
      'Another operation of your smart account went first: try again',
    )
    expect(aaErrorMessage('UserOperation reverted with reason: AA24 signature error')).toBe(
      "This operation's signature is not your smart account's owner's",
    )
    expect(aaErrorMessage('FailedOp(0, "AA23 reverted")')).toBe(
      'Your smart account refused this operation',
    )
  })

  it("tells the sponsor's refusals and the account's creation apart", () => {
    expect(aaErrorMessage('AA31 paymaster deposit too low')).toBe(
      'The gas sponsor has run out of funds for this operation',
    )
    expect(aaErrorMessage('AA33 reverted')).toBe('The gas sponsor did not pay for this operation')
    expect(aaErrorMessage('AA13 initCode failed or OOG')).toBe(
      'Your smart account could not be created: try again',
    )
  })

  it('says the operation could not be sent for a code of its own that has no sentence', () => {
    expect(aaErrorMessage('AA95 out of gas')).toBe('The operation could not be sent: try again')
  })

  it('finds no code in other messages, nor inside longer words', () => {
    expect(aaErrorMessage('execution reverted')).toBeUndefined()
    expect(aaErrorMessage('0xAA21ff')).toBeUndefined()
    expect(aaErrorMessage('')).toBeUndefined()
  })
})
