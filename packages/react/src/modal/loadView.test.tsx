import { createLatch, defineEvmNetwork } from '@latch/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConnectButton } from '../ConnectButton.tsx'
import { LatchProvider } from '../LatchProvider.tsx'
import { firstViews } from '../views/registry.tsx'
import { preloadViews } from './loadView.ts'

const networks = [
  defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:8545' }),
]
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const page = (latch: ReturnType<typeof createLatch>) =>
  renderToString(
    <LatchProvider latch={latch}>
      <ConnectButton />
    </LatchProvider>,
  )

describe('views loaded ahead', () => {
  it('renders a preloaded view in the same pass; before, the modal shows it is loading', async () => {
    const latch = createLatch({ projectId: 'latch-dev', serverUrl: 'http://127.0.0.1:9', networks })
    latch.modal.open()
    const before = page(latch)
    expect(before).toContain('aria-busy="true"')
    expect(before).not.toContain('aria-label="Wallets"')

    await preloadViews(latch, firstViews(latch))
    const after = page(latch)
    expect(after).toContain('aria-label="Wallets"')
    expect(after).not.toContain('aria-busy="true"')
  })

  it('preloads the view the button opens: Connect, or Account once connected', () => {
    const latch = createLatch({ projectId: 'latch-dev', serverUrl: 'http://127.0.0.1:9', networks })
    expect(firstViews(latch)).toEqual(['Connect'])
    latch.account.update('eip155', { status: 'connected', address: ADDRESS })
    expect(firstViews(latch)).toEqual(['Account', 'UnsupportedChain'])
  })

  it('preloads sign-in only for a site that asks for it', () => {
    const latch = createLatch({
      projectId: 'latch-dev',
      serverUrl: 'http://127.0.0.1:9',
      networks,
      siwx: { required: true },
    })
    expect(firstViews(latch)).toEqual(['Connect', 'SIWXSignMessage'])
  })
})
