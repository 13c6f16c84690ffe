import { describe, expect, it } from 'vitest'
import type { StoredOrder } from '../store.ts'
import { checkoutPage } from './checkoutPage.ts'

const now = new Date('2030-01-01T00:00:00Z')
const order: StoredOrder = {
  id: '3f1c2b1a-0000-4000-8000-000000000000',
  projectId: 'latch-dev',
  provider: 'sandbox',
  quoteId: null,
  status: 'created',
  paymentCurrency: 'USD',
  paymentTotalCents: 5000n,
  providerFeeCents: 75n,
  networkFeeCents: 20n,
  purchaseCurrency: 'USDC',
  chainId: 31337,
  tokenAddress: `0x${'a'.repeat(40)}`,
  decimals: 6,
  purchaseUnits: 49_050_000n,
  address: `0x${'b'.repeat(40)}`,
  paymentMethod: null,
  paymentError: null,
  failureReason: null,
  sender: null,
  txNonce: null,
  rawTx: null,
  txHash: null,
  createdAt: now,
  updatedAt: now,
  expiresAt: new Date(now.getTime() + 60_000),
  paidAt: null,
  settledAt: null,
}

describe('the sandbox checkout page', () => {
  it('refreshes itself while a paid order is on its way, and not once it is sent', () => {
    const pending = checkoutPage(
      { ...order, status: 'pending', paymentMethod: 'card', paidAt: now },
      { networkName: 'Latch Devnet', now },
    )
    expect(pending).toContain('<meta http-equiv="refresh" content="2">')
    expect(pending).toContain('<h1>Payment received</h1>')
    expect(pending).toContain('Sending 49.05 USDC to your wallet.')
    expect(pending).not.toContain('<form')

    const hash = `0x${'c'.repeat(64)}` as const
    const sent = checkoutPage(
      { ...order, status: 'completed', paidAt: now, txHash: hash },
      { networkName: 'Latch Devnet', now },
    )
    expect(sent).not.toContain('http-equiv="refresh"')
    expect(sent).toContain('<h1>49.05 USDC sent</h1>')
    expect(sent).toContain(hash)
  })

  it('escapes what it shows and gives each render its own idempotency keys', () => {
    const withError = { ...order, paymentError: '<b>declined</b> & "gone"' }
    const first = checkoutPage(withError, { networkName: '<Devnet>', now })
    expect(first).toContain('&#60;b&#62;declined&#60;/b&#62; &#38; &#34;gone&#34;')
    expect(first).toContain('<dd>&#60;Devnet&#62;</dd>')
    const keys = (html: string) =>
      [...html.matchAll(/name="idempotencyKey" value="([^"]+)"/g)].map((match) => match[1])
    const second = checkoutPage(withError, { networkName: 'Latch Devnet', now })
    expect(keys(first)).toHaveLength(2)
    expect(new Set([...keys(first), ...keys(second)]).size).toBe(4)
  })
})
