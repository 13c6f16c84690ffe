import { describe, expect, it } from 'vitest'
import { defineSolanaNetwork } from '../chains/solana/network.ts'
import { createLatch } from '../createLatch.ts'
import { defineEvmNetwork } from '../network/index.ts'
import { createMemoryStorage } from '../storage/index.ts'
import { EMBEDDED_CONNECTOR_ID } from './connector.ts'

const networks = [
  defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:8545' }),
]
const base = {
  projectId: 'latch-dev',
  serverUrl: 'http://127.0.0.1:8787',
  networks,
  storage: createMemoryStorage(),
}

describe('createLatch: the embedded wallet', () => {
  it('is off without walletFrameUrl: no controller, no connector', async () => {
    const latch = createLatch(base)
    expect(latch.embedded).toBeUndefined()
    const evm = await latch.loadFamily('eip155')
    expect(evm.wagmiConfig.connectors.map((connector) => connector.id)).not.toContain(
      EMBEDDED_CONNECTOR_ID,
    )
  })

  it('adds the controller and the connector with walletFrameUrl, but lists no such wallet', async () => {
    const latch = createLatch({ ...base, walletFrameUrl: 'http://127.0.0.1:8788' })
    expect(latch.embedded?.state.get()).toMatchObject({ step: 'idle', frame: 'unloaded' })
    const evm = await latch.loadFamily('eip155')
    expect(evm.wagmiConfig.connectors.map((connector) => connector.id)).toContain(
      EMBEDDED_CONNECTOR_ID,
    )
    expect(latch.evm).toBe(evm)
    expect(latch.evm.wallets.get().map((wallet) => wallet.id)).not.toContain(EMBEDDED_CONNECTOR_ID)
  })

  it('is off without an EVM network: the embedded wallet connects through the EVM family', () => {
    const latch = createLatch({
      ...base,
      networks: [
        defineSolanaNetwork({
          caipNetworkId: 'solana:4ddJd6kz8iRMKmdkkyGDumcKqFm1EbV8',
          name: 'Latch Solana',
        }),
      ],
      walletFrameUrl: 'http://127.0.0.1:8788',
    })
    expect(latch.embedded).toBeUndefined()
  })

  it('refuses an invalid email without loading the frame', async () => {
    const latch = createLatch({ ...base, walletFrameUrl: 'http://127.0.0.1:8788' })
    const embedded = latch.embedded
    if (!embedded) throw new Error('embedded is on')
    expect(await embedded.connectEmail('not-an-email')).toBe(false)
    expect(embedded.state.get()).toMatchObject({
      error: 'Enter a valid email address, like name@example.com',
      frame: 'unloaded',
    })
  })
})
