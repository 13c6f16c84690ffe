import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type DevnetManifest, devnetManifest } from '@latch/protocol'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import type { DemoDevnet } from './src/config.ts'
import type { DemoSessionChain } from './src/sessions/sessionConfig.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/** The devnet manifest the page runs against: DEVNET_MANIFEST, else the one `npm run devnet` writes. */
function readDevnetManifest() {
  const file = process.env.DEVNET_MANIFEST ?? path.join(repoRoot, '.data/devnet.json')
  return existsSync(file) ? devnetManifest.parse(JSON.parse(readFileSync(file, 'utf8'))) : null
}

/**
 * What the page reads of the manifest: its chains and the relay. The rest (the mnemonic, account
 * keys, the treasury's key, the Bitcoin accounts' keys, the Polkadot accounts' seeds) stays out of
 * the page: a visitor's browser has no use for it, and it weighed 3 KiB gzip in the page's main chunk.
 */
function demoDevnet(manifest: DevnetManifest | null): DemoDevnet | null {
  if (!manifest) return null
  const { solana, bitcoin, polkadot, walletConnect } = manifest
  return {
    chains: manifest.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({
      chainId,
      name,
      rpcUrl,
      nativeCurrency,
    })),
    ...(solana
      ? {
          solana: { caipNetworkId: solana.caipNetworkId, name: solana.name, rpcUrl: solana.rpcUrl },
        }
      : {}),
    ...(bitcoin
      ? {
          bitcoin: {
            caipNetworkId: bitcoin.caipNetworkId,
            name: bitcoin.name,
            esploraUrl: bitcoin.esploraUrl,
          },
        }
      : {}),
    ...(polkadot
      ? {
          polkadot: {
            caipNetworkId: polkadot.caipNetworkId,
            name: polkadot.name,
            wsUrl: polkadot.wsUrl,
            ss58Prefix: polkadot.ss58Prefix,
            nativeCurrency: polkadot.nativeCurrency,
          },
        }
      : {}),
    walletConnect: { projectId: walletConnect.projectId, relayUrl: walletConnect.relayUrl },
  }
}

/**
 * What the Smart session panel needs of each chain: the USDC token it grants a limit in and the
 * session validator the session key's operations go to. Its own constant, read only by the panel's
 * lazily loaded code, so the page's main chunk does not carry it.
 */
function demoSessions(manifest: DevnetManifest | null): DemoSessionChain[] {
  return (manifest?.chains ?? []).flatMap((chain) => {
    const usdc = chain.tokens.find((token) => token.symbol === 'USDC')
    const validator = chain.contracts.latchSessionValidator
    return usdc && validator ? [{ chainId: chain.chainId, usdc: usdc.address, validator }] : []
  })
}

/** What the built demo allows: its own scripts and styles, the Latch server and the relay. */
const frameUrl = process.env.LATCH_FRAME_URL ?? 'http://127.0.0.1:8788'

function contentSecurityPolicy(): string {
  const server = process.env.LATCH_SERVER_URL ?? 'http://127.0.0.1:8787'
  const relay = readDevnetManifest()?.walletConnect.relayUrl ?? ''
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${server}`,
    // The page talks to the Latch server (chain reads go through its JSON-RPC gateway) and to the
    // WalletConnect relay, nothing else.
    `connect-src 'self' ${server} ${relay}`.trim(),
    // The embedded wallet (email and social login) runs in a frame on its own origin.
    `frame-src ${frameUrl}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
}

export default defineConfig({
  plugins: [react()],
  define: {
    __LATCH_DEMO_CONFIG__: JSON.stringify({
      serverUrl: process.env.LATCH_SERVER_URL ?? 'http://127.0.0.1:8787',
      projectId: process.env.LATCH_PROJECT_ID ?? 'latch-dev',
      walletFrameUrl: frameUrl,
      devnet: demoDevnet(readDevnetManifest()),
    }),
    __LATCH_DEMO_SESSIONS__: JSON.stringify(demoSessions(readDevnetManifest())),
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.DEMO_PORT ?? 5173),
    strictPort: true,
    // What the dev server may read: the page, the kit's sources and the dependencies, nothing else
    // of the repository. `.data` holds the devnet's keys and mnemonic and the database with the
    // encrypted wallet keys; left open, `/@fs/<repo>/.data/...` served it to any page.
    fs: {
      strict: true,
      allow: [
        import.meta.dirname,
        ...['core', 'react', 'protocol'].map((name) => path.join(repoRoot, 'packages', name)),
        path.join(repoRoot, 'node_modules'),
      ],
      deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.data/**'],
    },
  },
  preview: {
    host: '127.0.0.1',
    port: Number(process.env.DEMO_PORT ?? 5173),
    strictPort: true,
    // The built site is served under a strict Content-Security-Policy: no eval, no inline script.
    headers: { 'Content-Security-Policy': contentSecurityPolicy() },
  },
})
