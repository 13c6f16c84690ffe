import { describe, expect, it } from 'vitest'
import { NETWORK, sendContextFixture } from '../sendContext.fixture.ts'
import type { SendResult } from '../sendFlowTypes.ts'
import { watchReceipt } from './watchReceipt.ts'

const result: SendResult = {
  hash: '0xabc',
  chainId: NETWORK,
  amount: '0.1',
  symbol: 'ETH',
  receiver: '0x1',
  status: 'pending',
}

describe('watchReceipt', () => {
  it('says the transfer was confirmed, on the result screen and in a toast', async () => {
    const fixture = sendContextFixture()
    fixture.context.dispatch({ type: 'sent', result })
    const watched = watchReceipt(fixture.context, result, { id: '0xabc', caipNetworkId: NETWORK })
    await fixture.mine(true)
    await watched
    expect(fixture.state().result?.status).toBe('confirmed')
    expect(fixture.toasts).toEqual(['success: Sent 0.1 ETH'])
  })

  it('says a transfer that failed on chain failed, wherever the visitor is', async () => {
    const fixture = sendContextFixture()
    const watched = watchReceipt(fixture.context, result, { id: '0xabc', caipNetworkId: NETWORK })
    await fixture.mine(false)
    await watched
    expect(fixture.state().result).toBeUndefined()
    expect(fixture.toasts).toEqual(['error: The transaction failed on chain'])
    expect(fixture.tracked).toMatchObject([{ event: 'SEND_ERROR' }])
  })
})
