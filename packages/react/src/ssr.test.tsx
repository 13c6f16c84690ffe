import { describe, expect, it } from 'vitest'
import { pageHtml, testLatch } from './test/renderView.fixture.tsx'

describe('server rendering', () => {
  it('renders the provider and the button without a window', () => {
    expect(typeof window).toBe('undefined')
    const html = pageHtml(testLatch())
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('aria-haspopup="dialog"')
    // The modal is closed: nothing of it is rendered on the server.
    expect(html).not.toContain('role="dialog"')
  })

  it('gives two instances their own state', () => {
    const a = testLatch({ projectId: 'a' })
    const b = testLatch({ projectId: 'b' })
    a.modal.open()
    a.router.push('AllWallets')
    expect(b.modal.state.get().open).toBe(false)
    expect(b.router.state.get().history).toEqual(['Connect'])
  })

  it('renders an open modal as a labelled dialog carrying the theme variables', () => {
    const latch = testLatch({
      themeMode: 'light',
      themeVariables: { '--latch-accent': '#ff5500' },
    })
    latch.modal.open()
    const html = pageHtml(latch)
    expect(html).toMatch(/role="dialog" aria-modal="true" aria-labelledby="[^"]+"/)
    expect(html).toContain('data-theme="light"')
    expect(html).toContain('--latch-accent:#ff5500')
    expect(html).toContain('Connect Wallet</h2>')
  })
})
