import { describe, expect, it } from 'vitest'
import { pageHtml, testLatch } from '../../test/renderView.fixture.tsx'
import { SendFeeLine } from './SendFee.tsx'

const latch = testLatch()
const textOf = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&#x27;|&#39;/g, "'")

describe('the Send fee line', () => {
  it("says which part of a Solana fee opens the receiver's token account", () => {
    const fee = { status: 'ready', symbol: 'SOL', decimals: 9 } as const
    expect(
      textOf(pageHtml(latch, <SendFeeLine fee={{ ...fee, fee: 5000n }} prefix="up to" />)),
    ).toBe('Network fee: up to 0.000005 SOL')
    expect(
      textOf(
        pageHtml(
          latch,
          <SendFeeLine
            fee={{ ...fee, fee: 2_044_280n, tokenAccountRent: 2_039_280n }}
            prefix="up to"
          />,
        ),
      ),
    ).toBe(
      "Network fee: up to 0.002045 SOL (includes 0.00204 SOL to create the receiver's token account)",
    )
  })
})
