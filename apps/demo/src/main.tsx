import {
  type ChainNamespace,
  createLatch,
  defineBitcoinNetwork,
  defineEvmNetwork,
  definePolkadotNetwork,
  defineSolanaNetwork,
} from '@latch/core'
import { walletConnect } from '@latch/core/walletconnect'
import { SOCIAL_PROVIDERS } from '@latch/protocol/constants'
import { LatchProvider } from '@latch/react'
import '@latch/react/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { demoConfig } from './config.ts'
import { DemoI18nProvider } from './i18n/DemoI18nProvider.tsx'
import { en } from './i18n/en.ts'
import './styles.css'
import { applyPageTheme, chosenTheme, systemTheme } from './theme.ts'

// `?families=eip155` (or `solana`, `bip122`, `polkadot`, or several, comma-separated) keeps the
// networks of those families only: how an EVM-only or a Solana-only site loads (bench/bundle.ts, the
// browser tests). Without it, EVM, Solana and Bitcoin; the devnet's Polkadot chain when named.
const familiesParam = new URLSearchParams(location.search).get('families')
const families = familiesParam ? familiesParam.split(',') : ['eip155', 'solana', 'bip122']
const evmChains = families.includes('eip155') ? (demoConfig.devnet?.chains ?? []) : []
const solana = families.includes('solana') ? demoConfig.devnet?.solana : undefined
const bitcoin = families.includes('bip122') ? demoConfig.devnet?.bitcoin : undefined
const polkadot = families.includes('polkadot') ? demoConfig.devnet?.polkadot : undefined
const networks = [
  ...evmChains.map((chain) =>
    defineEvmNetwork({
      id: chain.chainId,
      name: chain.name,
      rpcUrl: chain.rpcUrl,
      nativeCurrency: chain.nativeCurrency,
    }),
  ),
  // The devnet's local Solana chain; the kit reaches it through the server's gateway.
  ...(solana
    ? [
        defineSolanaNetwork({
          caipNetworkId: solana.caipNetworkId as `solana:${string}`,
          name: solana.name,
          rpcUrl: solana.rpcUrl,
          testnet: true,
        }),
      ]
    : []),
  // The devnet's local Bitcoin chain (regtest); the kit reaches it through the server's gateway.
  ...(bitcoin
    ? [
        defineBitcoinNetwork({
          caipNetworkId: bitcoin.caipNetworkId as `bip122:${string}`,
          name: bitcoin.name,
          rpcUrl: bitcoin.esploraUrl,
          testnet: true,
        }),
      ]
    : []),
  // The devnet's local Polkadot chain (Asset Hub's runtime); the server builds and submits transfers.
  ...(polkadot
    ? [
        definePolkadotNetwork({
          caipNetworkId: polkadot.caipNetworkId as `polkadot:${string}`,
          name: polkadot.name,
          ss58Prefix: polkadot.ss58Prefix,
          nativeCurrency: polkadot.nativeCurrency,
          rpcUrl: polkadot.wsUrl,
          testnet: true,
        }),
      ]
    : []),
]

// `?siwx=required` (or `optional`) turns sign-in with the wallet on, to try it and test it.
const signIn = new URLSearchParams(location.search).get('siwx')
/**
 * The statement of the sign-in message, the same in every language: it is signed, and a site's
 * backend checks the message it verifies against one known text.
 */
const SIGN_IN_STATEMENT = 'Sign in to the Latch demo'

// The visitor's last choice on this demo, else the system's light or dark setting.
const themeMode = chosenTheme() ?? systemTheme()
applyPageTheme(themeMode)

const latch = createLatch({
  themeMode,
  projectId: demoConfig.projectId,
  serverUrl: demoConfig.serverUrl,
  networks,
  // Named when the page asks for some families: a network of another would be a configuration error.
  ...(familiesParam ? { adapters: families as ChainNamespace[] } : {}),
  // What wallets show of the site, set once at creation: in English, the catalogue's source.
  metadata: {
    name: en['page.brand'],
    description: en['page.heading'],
    url: location.origin,
  },
  // Phone wallets pair through the devnet's local relay, so nothing leaves this machine.
  ...(demoConfig.devnet
    ? {
        walletConnect: walletConnect({
          projectId: demoConfig.devnet.walletConnect.projectId,
          relayUrl: demoConfig.devnet.walletConnect.relayUrl,
        }),
      }
    : {}),
  ...(signIn === 'required' || signIn === 'optional'
    ? { siwx: { required: signIn === 'required', statement: SIGN_IN_STATEMENT } }
    : {}),
  // Email and social login: the embedded wallet runs on its own origin, served by the server.
  walletFrameUrl: demoConfig.walletFrameUrl,
  // The devnet's login provider, then the known ones; the server keeps those it can log in with.
  features: { socials: ['dev', ...SOCIAL_PROVIDERS] },
})
// For the browser console (and the browser tests): the instance the page runs.
Object.assign(window, { latchDemo: latch })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <LatchProvider latch={latch}>
      <DemoI18nProvider>
        <App />
      </DemoI18nProvider>
    </LatchProvider>
  </StrictMode>,
)
