import { createLatch, defineEvmNetwork } from '@latch/core'
import { LatchProvider } from '@latch/react'
import '@latch/react/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { demoConfig } from './config.ts'
import './styles.css'

const networks = (demoConfig.devnet?.chains ?? []).map((chain) =>
  defineEvmNetwork({
    id: chain.chainId,
    name: chain.name,
    rpcUrl: chain.rpcUrl,
    nativeCurrency: chain.nativeCurrency,
  }),
)

// `?siwx=required` (or `optional`) turns sign-in with the wallet on, to try it and test it.
const signIn = new URLSearchParams(location.search).get('siwx')

const latch = createLatch({
  projectId: demoConfig.projectId,
  serverUrl: demoConfig.serverUrl,
  networks,
  metadata: {
    name: 'Latch demo',
    description: 'A site that hosts the Latch kit',
    url: location.origin,
  },
  // Phone wallets pair through the devnet's local relay, so nothing leaves this machine.
  ...(demoConfig.devnet
    ? {
        walletConnect: {
          projectId: demoConfig.devnet.walletConnect.projectId,
          relayUrl: demoConfig.devnet.walletConnect.relayUrl,
        },
      }
    : {}),
  ...(signIn === 'required' || signIn === 'optional'
    ? { siwx: { required: signIn === 'required', statement: 'Sign in to the Latch demo' } }
    : {}),
  // The embedded wallet (email and social login) has its own issue; until then wallets only.
  features: { email: false, socials: false },
})

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <LatchProvider latch={latch}>
      <App />
    </LatchProvider>
  </StrictMode>,
)
