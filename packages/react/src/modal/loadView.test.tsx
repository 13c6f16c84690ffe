import { describe, expect, it } from 'vitest'
import { connectAccount, pageHtml, testLatch } from '../test/renderView.fixture.tsx'
import { firstViews } from '../views/registry.tsx'
import { preloadViews } from './loadView.ts'

describe('views loaded ahead', () => {
  it('renders a preloaded view in the same pass; before, the modal shows it is loading', async () => {
    const latch = testLatch()
    latch.modal.open()
    const before = pageHtml(latch)
    expect(before).toContain('aria-busy="true"')
    expect(before).not.toContain('aria-label="Wallets"')

    await preloadViews(latch, firstViews(latch))
    const after = pageHtml(latch)
    expect(after).toContain('aria-label="Wallets"')
    expect(after).not.toContain('aria-busy="true"')
  })

  it('preloads the view the button opens: Connect, or Account once connected', () => {
    const latch = testLatch()
    expect(firstViews(latch)).toEqual(['Connect'])
    connectAccount(latch)
    expect(firstViews(latch)).toEqual(['Account', 'UnsupportedChain'])
  })

  it('preloads sign-in only for a site that asks for it', () => {
    const latch = testLatch({ siwx: { required: true } })
    expect(firstViews(latch)).toEqual(['Connect', 'SIWXSignMessage'])
  })
})
