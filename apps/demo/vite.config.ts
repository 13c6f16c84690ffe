import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type DevnetManifest, devnetManifest } from '@latch/protocol'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/** The devnet manifest the page runs against: DEVNET_MANIFEST, else the one `npm run devnet` writes. */
function readDevnetManifest() {
  const file = process.env.DEVNET_MANIFEST ?? path.join(repoRoot, '.data/devnet.json')
  return existsSync(file) ? devnetManifest.parse(JSON.parse(readFileSync(file, 'utf8'))) : null
}

/**
 * The manifest as the page carries it: the Bitcoin chain without its accounts, whose keys a
 * visitor's browser has no use for (and which would weigh in every page, EVM-only ones too).
 */
function pageManifest(manifest: DevnetManifest | null): DevnetManifest | null {
  if (!manifest?.bitcoin) return manifest
  return { ...manifest, bitcoin: { ...manifest.bitcoin, accounts: [] } }
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
      devnet: pageManifest(readDevnetManifest()),
    }),
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
