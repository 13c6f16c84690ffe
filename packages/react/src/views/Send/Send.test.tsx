import { describe, expect, it } from 'vitest'
import { loadView } from '../../modal/loadView.ts'
import { connectAccount, pageHtml, testLatch } from '../../test/renderView.fixture.tsx'

describe('the Send view', () => {
  it('once preloaded, shows its form in the first render (its flow loaded with it)', async () => {
    const latch = connectAccount(testLatch())
    latch.network.setWalletNetwork('eip155', 31337)
    // What the modal does once the page is idle (Account leads to Send).
    await loadView(latch, 'Send')
    latch.modal.open({ view: 'Send' })
    // One synchronous pass, as the modal's first frame: nothing may wait for a load.
    const html = pageHtml(latch)
    expect(html).not.toContain('aria-busy="true"')
    expect(html).toContain('data-testid="latch-send-token"')
  })
})
