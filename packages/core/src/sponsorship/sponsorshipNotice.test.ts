import { HttpRequestError, RpcRequestError, UnknownRpcError, UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { sponsorshipNotice } from './sponsorshipNotice.ts'

const PAYMASTER_URL = 'https://latch.example/v1/paymaster?chainId=eip155:8453&projectId=shop'

/** What viem throws when POST /v1/paymaster answers a JSON-RPC error (an unknown code). */
function paymasterError(error: { code: number; message: string; data?: unknown }) {
  return new UnknownRpcError(
    new RpcRequestError({ body: { method: 'pm_getPaymasterStubData' }, error, url: PAYMASTER_URL }),
  )
}

describe('sponsorshipNotice', () => {
  it("tells each of the paymaster service's reasons in its own words", () => {
    const notice = (reason: string) =>
      sponsorshipNotice(paymasterError({ code: -32010, message: 'refused', data: { reason } }))
    expect(notice('budget')).toBe(
      'This site is not paying for this transaction: its budget for network fees is used up for now. You pay the network fee.',
    )
    expect(notice('visitorCap')).toBe(
      "This site is not paying for this transaction: you have reached today's limit of sponsored network fees. You pay the network fee.",
    )
    expect(notice('target')).toBe(
      'This site is not paying for this transaction: it only pays for calls to its own contracts. You pay the network fee.',
    )
    expect(notice('disabled')).toBe(
      'This site is not paying for this transaction: it does not sponsor network fees. You pay the network fee.',
    )
    // A reason this kit does not know yet (a newer server) still falls back, in general words.
    expect(notice('somethingNew')).toBe(
      'This site is not paying for this transaction: its gas sponsor is not available right now. You pay the network fee.',
    )
  })

  it('falls back when the sponsor cannot pay: the route down, or a bundler refusing the paymaster', () => {
    const unavailable =
      'This site is not paying for this transaction: its gas sponsor is not available right now. You pay the network fee.'
    expect(sponsorshipNotice(new HttpRequestError({ url: PAYMASTER_URL, status: 503 }))).toBe(
      unavailable,
    )
    for (const text of [
      'UserOperation reverted with reason: AA31 paymaster deposit too low',
      'UserOperation reverted during simulation with reason: AA34 signature error',
      'AA32 paymaster expired or not due',
    ]) {
      expect(sponsorshipNotice(new Error('Execution reverted', { cause: new Error(text) }))).toBe(
        unavailable,
      )
    }
  })

  it('gives nothing for errors that are no reason to pay the fee instead', () => {
    expect(
      sponsorshipNotice(new Error("UserOperation reverted with reason: AA21 didn't pay prefund")),
    ).toBeUndefined()
    expect(
      sponsorshipNotice(new UserRejectedRequestError(new Error('User rejected'))),
    ).toBeUndefined()
    expect(
      sponsorshipNotice(
        paymasterError({ code: -32602, message: 'Invalid params: params.0.sender' }),
      ),
    ).toBeUndefined()
    // The bundler route down is the operation's failure, not the sponsor's.
    expect(
      sponsorshipNotice(
        new HttpRequestError({
          url: 'https://latch.example/v1/bundler?chainId=eip155:1',
          status: 503,
        }),
      ),
    ).toBeUndefined()
    expect(sponsorshipNotice(undefined)).toBeUndefined()
    expect(sponsorshipNotice('AA34')).toBeUndefined()
  })
})
