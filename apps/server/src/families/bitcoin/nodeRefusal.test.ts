import { describe, expect, it } from 'vitest'
import { nodeRefusalMessage } from './nodeRefusal.ts'

describe("a Bitcoin node's refusal", () => {
  it("says what it means, then the node's reason, from Esplora's answer", () => {
    expect(nodeRefusalMessage('sendrawtransaction RPC error: {"code":-26,"message":"dust"}')).toBe(
      'The Bitcoin node refused the transaction: an output is below the dust limit (dust)',
    )
    expect(
      nodeRefusalMessage(
        'sendrawtransaction RPC error: {"code":-26,"message":"mandatory-script-verify-flag-failed (Invalid Schnorr signature)"}',
      ),
    ).toBe(
      'The Bitcoin node refused the transaction: a signature does not verify for the coin it spends (mandatory-script-verify-flag-failed (Invalid Schnorr signature))',
    )
  })

  it('passes on a reason it has no words for, and an answer of another shape', () => {
    expect(
      nodeRefusalMessage('sendrawtransaction RPC error: {"code":-26,"message":"tx-size"}'),
    ).toBe('The Bitcoin node refused the transaction: tx-size')
    expect(nodeRefusalMessage('Invalid hex string\n')).toBe(
      'The Bitcoin node refused the transaction: Invalid hex string',
    )
  })
})
