import type { SendFlowController, SendResult } from '@latch/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadMoreEnglish } from '../../i18n/catalogues.ts'
import { pageHtml, testLatch } from '../../test/renderView.fixture.tsx'
import { SendResultView } from './SendResult.tsx'

const latch = testLatch()
const HASH = `0x${'ab'.repeat(32)}` as const
const sent: SendResult = {
  hash: HASH,
  chainId: 'eip155:31337',
  amount: '0.1',
  symbol: 'ETH',
  receiver: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  status: 'pending',
}

const statusOf = (result: SendResult) =>
  pageHtml(latch, <SendResultView flow={{} as SendFlowController} result={result} />).match(
    /data-testid="latch-send-status">([^<]*)</,
  )?.[1]

describe('the Send result', () => {
  // The Send view's words are the later part of English, which the modal loads with the view.
  beforeAll(() => loadMoreEnglish())

  it('stops waiting once no receipt came, and says where to look', () => {
    expect(statusOf(sent)).toBe('Transaction sent: waiting to be confirmed…')
    expect(statusOf({ ...sent, status: 'unconfirmed' })).toBe(
      'Could not confirm the transaction yet: check Activity',
    )
    expect(
      statusOf({
        ...sent,
        status: 'unconfirmed',
        explorerUrl: `https://scan.example/tx/${HASH}`,
        explorerName: 'Latchscan',
      }),
    ).toBe('Could not confirm the transaction yet: check the explorer or Activity')
  })
})
