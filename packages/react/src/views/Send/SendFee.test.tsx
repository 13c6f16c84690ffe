import { beforeAll, describe, expect, it } from 'vitest'
import { loadMoreEnglish } from '../../i18n/catalogues.ts'
import { pageHtml, testLatch } from '../../test/renderView.fixture.tsx'
import { SendFeeLine } from './SendFee.tsx'

const latch = testLatch()
const textOf = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&#x27;|&#39;/g, "'")

describe('the Send fee line', () => {
  // The Send view's words are the later part of English, which the modal loads with the view.
  beforeAll(() => loadMoreEnglish())

  const fee = { status: 'ready', symbol: 'SOL', decimals: 9 } as const

  it('puts the estimate word before a fee that is a bound, rounded up', () => {
    expect(
      textOf(pageHtml(latch, <SendFeeLine fee={{ ...fee, fee: 5001n }} estimate="up to" />)),
    ).toBe('Network fee: up to 0.0000051 SOL')
  })

  it('shows an exact fee to its last digit, without the estimate word', () => {
    expect(
      textOf(
        pageHtml(latch, <SendFeeLine fee={{ ...fee, fee: 5000n, exact: true }} estimate="up to" />),
      ),
    ).toBe('Network fee: 0.000005 SOL')
  })

  it("says which part of a Solana fee opens the receiver's token account", () => {
    expect(
      textOf(
        pageHtml(
          latch,
          <SendFeeLine
            fee={{ ...fee, fee: 2_044_280n, tokenAccountRent: 2_039_280n, exact: true }}
            estimate="up to"
          />,
        ),
      ),
    ).toBe(
      "Network fee: 0.00204428 SOL (includes 0.00203928 SOL to create the receiver's token account)",
    )
    expect(
      textOf(
        pageHtml(
          latch,
          <SendFeeLine
            fee={{ ...fee, fee: 2_044_280n, tokenAccountRent: 2_039_280n }}
            estimate="up to"
          />,
        ),
      ),
    ).toBe(
      "Network fee: up to 0.002045 SOL (includes 0.00204 SOL to create the receiver's token account)",
    )
  })

  it("says a Bitcoin fee's size and rate beside its amount", () => {
    expect(
      textOf(
        pageHtml(
          latch,
          <SendFeeLine
            fee={{
              status: 'ready',
              symbol: 'BTC',
              decimals: 8,
              fee: 3_978n,
              usd: 1.989,
              exact: true,
              vsize: 153,
              feeRate: 26,
            }}
            estimate="up to"
          />,
        ),
      ),
    ).toBe('Network fee: 0.00003978 BTC ($1.99) · 153 vB at 26 sat/vB')
  })
})
