import { createLatch, defineEvmNetwork } from '@latch/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConnectButton } from '../../ConnectButton.tsx'
import { LatchProvider } from '../../LatchProvider.tsx'
import { loadView } from '../../modal/loadView.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('the Send view', () => {
  it('once preloaded, shows its form in the first render (its flow loaded with it)', async () => {
    const latch = createLatch({
      projectId: 'latch-dev',
      serverUrl: 'http://127.0.0.1:9',
      networks: [
        defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:8545' }),
      ],
    })
    latch.account.update('eip155', { status: 'connected', address: ADDRESS })
    latch.network.setWalletNetwork('eip155', 31337)
    // What the modal does once the page is idle (Account leads to Send).
    await loadView(latch, 'Send')
    latch.modal.open({ view: 'Send' })
    // One synchronous pass, as the modal's first frame: nothing may wait for a load.
    const html = renderToString(
      <LatchProvider latch={latch}>
        <ConnectButton />
      </LatchProvider>,
    )
    expect(html).not.toContain('aria-busy="true"')
    expect(html).toContain('data-testid="latch-send-token"')
  })
})
