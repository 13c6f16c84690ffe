import { ConnectButton, useSupportedChains } from '@latch/react'
import { demoConfig } from './config.ts'

function ServerStatus() {
  const chains = useSupportedChains()
  if (chains.status === 'pending')
    return <p data-testid="server-status">Reaching the Latch server…</p>
  if (chains.status === 'error') {
    return (
      <p data-testid="server-status" role="alert">
        Latch server unreachable: {chains.error.message}
      </p>
    )
  }
  return (
    <p data-testid="server-status">
      Latch server online · networks {chains.data.http.join(', ') || 'none'}
    </p>
  )
}

export function App() {
  const chainNames =
    demoConfig.devnet?.chains.map((chain) => `${chain.name} (${chain.chainId})`) ?? []
  return (
    <>
      <header className="header">
        <span className="brand">Latch demo</span>
        <ConnectButton className="connect" />
      </header>
      <main className="main">
        <h1>A site that hosts the Latch kit</h1>
        <ServerStatus />
        <p data-testid="devnet-chains">
          {chainNames.length > 0 ? `Devnet: ${chainNames.join(' · ')}` : 'No devnet manifest found'}
        </p>
      </main>
    </>
  )
}
