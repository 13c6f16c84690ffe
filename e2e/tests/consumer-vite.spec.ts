import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import {
  createSite,
  entryScriptsGzipBytes,
  kitDependencies,
  readmeSnippet,
  type Site,
  serveStatic,
} from '../consumer.ts'
import { enterCode } from '../embedded.ts'
import { expect, test } from '../fixtures.ts'
import { freshEmail, readCode } from '../mail.ts'
import { devnetWallet } from '../wallet.ts'

// A Vite + React + TypeScript site, made as a stranger makes one: the kit's tarballs installed in a
// fresh folder (no WalletConnect package: this site does not offer it), TypeScript as strict as a
// careful site sets it and checking every declaration file, the site's own `vite build`, and the
// built page connecting a browser wallet to the devnet, under a strict Content-Security-Policy.

const STRICT_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    jsx: 'react-jsx',
    types: ['vite/client'],
    strict: true,
    exactOptionalPropertyTypes: true,
    noPropertyAccessFromIndexSignature: true,
    noUncheckedIndexedAccess: true,
    noUncheckedSideEffectImports: true,
    erasableSyntaxOnly: true,
    verbatimModuleSyntax: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noFallthroughCasesInSwitch: true,
    isolatedModules: true,
    // The kit's declarations are checked with the site's settings, as a careful site does.
    skipLibCheck: false,
    noEmit: true,
  },
  // The page's code; vite.config.ts is the build tool's, which runs in Node.
  include: ['src'],
}

// React 19, and React 18 with its own types: the kit's peer range takes both.
const REACT_VERSIONS = [
  { react: '^19.3.1', types: '^19.3.0', label: 'React 19' },
  { react: '^18.3.1', types: '^18.3.0', label: 'React 18' },
]

for (const { react, types, label } of REACT_VERSIONS)
  test.describe(`a Vite + ${label} + strict TypeScript site that installs the kit`, () => {
    test.describe.configure({ timeout: 300_000 })
    let site: Site & { installMs: number }
    let served: Awaited<ReturnType<typeof serveStatic>>
    let typecheckOutput: string
    const figures: string[] = []

    test.beforeAll(async ({ stack }) => {
      test.setTimeout(300_000)
      const chain = stack.devnet.chains[0]
      if (!chain) throw new Error('the devnet has no chain')
      site = await createSite(
        'vite',
        {
          name: 'a-site',
          private: true,
          type: 'module',
          dependencies: {
            ...(await kitDependencies(['protocol', 'core', 'react'])),
            react,
            'react-dom': react,
          },
          devDependencies: {
            '@types/react': types,
            '@types/react-dom': types,
            '@vitejs/plugin-react': '6.3.0',
            typescript: '5.9.3',
            vite: '8.3.8',
          },
        },
        {
          'tsconfig.json': JSON.stringify(STRICT_TSCONFIG, null, 2),
          'vite.config.ts': [
            "import react from '@vitejs/plugin-react'",
            "import { defineConfig } from 'vite'",
            '',
            'export default defineConfig({ plugins: [react()] })',
            '',
          ].join('\n'),
          'index.html': [
            '<!doctype html>',
            '<html lang="en">',
            '  <head><meta charset="utf-8"><title>A site</title></head>',
            '  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>',
            '</html>',
            '',
          ].join('\n'),
          // The README's snippet, as a newcomer copies it.
          'src/main.tsx': readmeSnippet({
            serverUrl: stack.serverUrl,
            frameUrl: stack.frameUrl,
            rpcUrl: chain.rpcUrl,
          }),
        },
      )
      figures.push(`npm install ${site.installMs} ms`)
      const typecheck = await site.exec('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])
      typecheckOutput = typecheck.stdout
      const build = await site.exec('npx', ['vite', 'build'])
      figures.push(`tsc ${typecheck.ms} ms`, `vite build ${build.ms} ms`)
      const dist = `${site.dir}/dist`
      figures.push(
        `JS before the modal ${(entryScriptsGzipBytes(dist) / 1024).toFixed(1)} KiB gzip`,
      )
      // Served as a static host would, under a strict Content-Security-Policy, on the origin the dev
      // project lists for sites (the wallet frame lets only listed origins embed it).
      served = await serveStatic(
        dist,
        [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self'",
          `img-src 'self' data: ${stack.serverUrl}`,
          `connect-src 'self' ${stack.serverUrl}`,
          `frame-src ${stack.frameUrl}`,
        ].join('; '),
        Number(process.env.LATCH_SITE_PORT),
      )
    })
    test.afterAll(async () => {
      console.info(`Vite site, ${label}: ${figures.join(', ')}`)
      await served?.close()
      site?.remove()
    })

    test("type-checks with the site's strict settings, declaration files included", () => {
      expect(typecheckOutput).toBe('')
    })

    test('installs and bundles no WalletConnect, which this site does not offer', () => {
      expect(existsSync(path.join(site.dir, 'node_modules/@walletconnect'))).toBe(false)
      const assets = path.join(site.dir, 'dist/assets')
      // WalletConnect's client names its session proposal method in its code; the kit never does.
      const bundled = readdirSync(assets).filter((file) =>
        readFileSync(path.join(assets, file), 'utf8').includes('wc_sessionPropose'),
      )
      expect(bundled).toEqual([])
    })

    test('connects a browser wallet on the built page, and opens views that load later', async ({
      page,
      stack,
    }) => {
      await devnetWallet(page, stack)
      await page.goto(served.url)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
      const account = stack.devnet.accounts[0]?.address ?? ''
      // The button shows the connected account, as the kit abbreviates it.
      await expect(page.getByTestId('latch-connect-button')).toContainText(account.slice(0, 6))
      // Send's view and its flow come in chunks of their own, read through Suspense.
      await page.getByTestId('latch-connect-button').click()
      await page
        .getByRole('dialog', { name: 'Account' })
        .getByRole('button', { name: 'Send' })
        .click()
      await expect(page.getByRole('dialog', { name: 'Send' }).getByLabel('Receiver')).toBeVisible()
    })

    test('logs in by email through the wallet frame embedded in the page', async ({
      page,
      stack,
    }) => {
      const email = freshEmail('site')
      await page.goto(served.url)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      const modal = page.getByRole('dialog')
      await modal.getByLabel('Email').fill(email)
      await modal.getByRole('button', { name: 'Continue', exact: true }).click()
      await expect(modal.getByText(email)).toBeVisible()
      await enterCode(page, await readCode(stack, email))
      await expect(page.getByTestId('latch-connect-button')).toContainText(/0x[0-9a-fA-F]{4}/)
    })

    test('imports the kit in plain Node', async () => {
      const script = [
        "const core = await import('@latch/core')",
        "const { parseCaipAddress } = await import('@latch/protocol/caip')",
        "const latch = core.createLatch({ projectId: 'p', serverUrl: 'http://127.0.0.1:9', networks: [core.defineEvmNetwork({ id: 1, name: 'Ethereum', rpcUrl: 'http://127.0.0.1:9' })] })",
        "console.log(typeof latch.modal.open, parseCaipAddress('eip155:1:0xab').reference)",
      ].join('\n')
      const { stdout } = await site.exec('node', ['--input-type=module', '-e', script])
      expect(stdout.trim()).toBe('function 1')
    })
  })
