import { createLatch, defineEvmNetwork } from '@latch/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConnectButton } from './ConnectButton.tsx'
import { LatchProvider } from './LatchProvider.tsx'

describe('server rendering', () => {
  it('renders the provider and the button without a window', () => {
    expect(typeof window).toBe('undefined')
    const latch = createLatch({
      projectId: 'latch-dev',
      serverUrl: 'http://127.0.0.1:8787',
      networks: [
        defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:8545' }),
      ],
    })
    const html = renderToString(
      <LatchProvider latch={latch}>
        <ConnectButton />
      </LatchProvider>,
    )
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('aria-haspopup="dialog"')
    // The modal is closed: nothing of it is rendered on the server.
    expect(html).not.toContain('role="dialog"')
  })

  it('gives two instances their own state', () => {
    const networks = [
      defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:8545' }),
    ]
    const a = createLatch({ projectId: 'a', serverUrl: 'http://127.0.0.1:8787', networks })
    const b = createLatch({ projectId: 'b', serverUrl: 'http://127.0.0.1:8787', networks })
    a.modal.open()
    a.router.push('AllWallets')
    expect(b.modal.state.get().open).toBe(false)
    expect(b.router.state.get().history).toEqual(['Connect'])
  })

  it('renders an open modal as a labelled dialog carrying the theme variables', () => {
    const latch = createLatch({
      projectId: 'latch-dev',
      serverUrl: 'http://127.0.0.1:8787',
      networks: [
        defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:8545' }),
      ],
      themeMode: 'light',
      themeVariables: { '--latch-accent': '#ff5500' },
    })
    latch.modal.open()
    const html = renderToString(
      <LatchProvider latch={latch}>
        <ConnectButton />
      </LatchProvider>,
    )
    expect(html).toMatch(/role="dialog" aria-modal="true" aria-labelledby="[^"]+"/)
    expect(html).toContain('data-theme="light"')
    expect(html).toContain('--latch-accent:#ff5500')
    expect(html).toContain('Connect Wallet</h2>')
  })
})
