import { describe, expect, it } from 'vitest'
import type { SendFlowState } from './sendFlowTypes.ts'
import { initialSendState, reduceSend } from './sendReducer.ts'

const reviewing = (): SendFlowState => ({
  ...initialSendState(),
  step: 'review',
  amount: '1',
  receiver: '0xabc',
  review: { request: { amount: '1', receiver: '0xabc' } },
})

describe('reduceSend', () => {
  it('takes the form input only in the form: the review shows what was checked', () => {
    const typed = reduceSend(initialSendState(), { type: 'amountTyped', amount: '1.5' })
    expect(typed.amount).toBe('1.5')
    expect(reduceSend(reviewing(), { type: 'amountTyped', amount: '9' }).amount).toBe('1')
    expect(reduceSend(reviewing(), { type: 'tokenChosen', tokenKey: 'x' }).tokenKey).toBeUndefined()
  })

  it('looks up a name typed as the receiver, and keeps its answer only while it is still typed', () => {
    const typed = reduceSend(initialSendState(), {
      type: 'receiverTyped',
      receiver: ' alice.latch.id ',
    })
    expect(typed.resolution).toEqual({ status: 'resolving', name: 'alice.latch.id' })
    const answer = {
      type: 'nameAnswered',
      resolution: {
        status: 'resolved',
        name: 'alice.latch.id',
        address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      },
    } as const
    expect(reduceSend(typed, answer).resolution.status).toBe('resolved')
    const retyped = reduceSend(typed, { type: 'receiverTyped', receiver: 'bob.latch.id' })
    expect(reduceSend(retyped, answer).resolution).toEqual({
      status: 'resolving',
      name: 'bob.latch.id',
    })
    expect(reduceSend(typed, { type: 'receiverTyped', receiver: '0xabc' }).resolution).toEqual({
      status: 'idle',
    })
  })

  it('adds what the balance lacks to the review, and goes back to the form without it', () => {
    const priced = reduceSend(reviewing(), {
      type: 'reviewPriced',
      fee: { status: 'ready', fee: 5n, symbol: 'ETH', decimals: 18 },
      shortfall: 'Not enough ETH',
    })
    expect(priced.review?.shortfall).toBe('Not enough ETH')
    expect(priced.fee.status).toBe('ready')
    const edited = reduceSend(priced, { type: 'edited' })
    expect(edited).toMatchObject({ step: 'form', review: undefined, amount: '1' })
  })

  it('goes back to the review with the reason when the wallet refuses, unless the visitor left', () => {
    const sending = reduceSend(reviewing(), { type: 'sending' })
    expect(reduceSend(sending, { type: 'sendFailed', error: 'Signature declined' })).toMatchObject({
      step: 'review',
      error: 'Signature declined',
    })
    const left = reduceSend(sending, { type: 'reset' })
    expect(reduceSend(left, { type: 'sendFailed', error: 'Signature declined' })).toEqual(
      initialSendState(),
    )
  })

  it("updates the result's status only for the transaction it shows", () => {
    const result = {
      hash: '0x1',
      chainId: 'eip155:1',
      amount: '1',
      symbol: 'ETH',
      receiver: '0xabc',
      status: 'pending',
    } as const
    const sent = reduceSend(reviewing(), { type: 'sent', result })
    expect(
      reduceSend(sent, { type: 'receipt', hash: '0x1', status: 'confirmed' }).result?.status,
    ).toBe('confirmed')
    expect(
      reduceSend(sent, { type: 'receipt', hash: '0x2', status: 'failed' }).result?.status,
    ).toBe('pending')
  })
})
