import type { SendFeeRate, SendFlowController } from '@latch/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadMoreEnglish } from '../../i18n/catalogues.ts'
import { pageHtml, testLatch } from '../../test/renderView.fixture.tsx'
import { SendFeeRateChoice } from './SendFeeRate.tsx'

const latch = testLatch()
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
// Rendering reads the state it is given; nothing here is clicked (the browser tests click).
const flow = {} as SendFlowController
const rates: SendFeeRate = {
  status: 'ready',
  choice: 'normal',
  custom: '',
  options: [
    { speed: 'slow', rate: 11, fee: 1_551n, usd: 0.7755 },
    { speed: 'normal', rate: 16, fee: 2_256n, usd: 1.128 },
    { speed: 'fast', rate: 26, fee: 3_666n, usd: 1.833 },
  ],
}

describe('the Bitcoin fee rate choice', () => {
  // The Send view's words are the later part of English, which the modal loads with the view.
  beforeAll(() => loadMoreEnglish())

  it('shows each speed with its rate and what it costs, the chosen one checked', () => {
    const html = pageHtml(latch, <SendFeeRateChoice flow={flow} feeRate={rates} />)
    expect(textOf(html)).toBe(
      'Slow 11 sat/vB $0.78 Normal 16 sat/vB $1.13 Fast 26 sat/vB $1.83 Custom',
    )
    expect(html).toMatch(
      /aria-checked="true"[^>]*data-testid="latch-fee-speed-normal"|data-testid="latch-fee-speed-normal"[^>]*aria-checked="true"/,
    )
    expect(html).not.toContain('Fee rate (sat/vB)')
  })

  it('asks for a rate when Custom is chosen, and for one when the server gave none', () => {
    const custom = pageHtml(
      latch,
      <SendFeeRateChoice flow={flow} feeRate={{ ...rates, choice: 'custom', custom: '3' }} />,
    )
    expect(custom).toContain('Fee rate (sat/vB)')
    expect(custom).toContain('value="3"')
    const unavailable = pageHtml(
      latch,
      <SendFeeRateChoice flow={flow} feeRate={{ ...rates, status: 'unavailable', options: [] }} />,
    )
    expect(textOf(unavailable)).toBe('Custom Fee rates are unavailable: type a rate with Custom')
  })
})
