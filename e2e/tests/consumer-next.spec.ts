import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { createSite, kitDependencies, type Site } from '../consumer.ts'
import { expect, test } from '../fixtures.ts'
import { devnetWallet } from '../wallet.ts'

// A Next.js (App Router) site, made as a stranger makes one: the kit's tarballs installed beside
// Next, wagmi and React Query, no `transpilePackages` and the tsconfig Next writes for itself. Its
// page is a Server Component that imports the kit's button; its providers hand wagmi the kit's
// config at render time (on the server too), and wagmi's own hook reads the kit's connection.

const PROVIDERS = (serverUrl: string, chain: { chainId: number; name: string; rpcUrl: string }) =>
  `'use client'

import { createLatch, defineEvmNetwork } from '@latch/core'
import { latchWagmiConfig } from '@latch/core/wagmi'
import { LatchProvider } from '@latch/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { WagmiProvider } from 'wagmi'

export function Providers({ children }: { children: ReactNode }) {
  // One instance per page (and per server render), never one shared by every request.
  const [latch] = useState(() =>
    createLatch({
      projectId: 'latch-dev',
      serverUrl: '${serverUrl}',
      networks: [defineEvmNetwork({ id: ${chain.chainId}, name: '${chain.name}', rpcUrl: '${chain.rpcUrl}' })],
      features: { email: false, socials: false },
    }),
  )
  const [wagmiConfig] = useState(() => latchWagmiConfig(latch))
  const [queryClient] = useState(() => new QueryClient())
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <LatchProvider latch={latch}>{children}</LatchProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
`

const FILES = {
  'app/layout.tsx': `import '@latch/react/styles.css'
import type { ReactNode } from 'react'
import { Providers } from './providers'

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
`,
  'app/account.tsx': `'use client'

import { useAccount } from 'wagmi'

export function WagmiAccount() {
  const { address, status } = useAccount()
  return <p data-testid="wagmi-account">{status === 'connected' ? address : status}</p>
}
`,
  // A Server Component: no 'use client' here, the kit's button imported as it is.
  'app/page.tsx': `import { ConnectButton } from '@latch/react'
import { WagmiAccount } from './account'

export default function Page() {
  return (
    <main>
      <h1>A Next.js site</h1>
      <ConnectButton />
      <WagmiAccount />
    </main>
  )
}
`,
}

test.describe('a Next.js App Router site that installs the kit and uses wagmi', () => {
  test.describe.configure({ timeout: 300_000 })
  let site: Site & { installMs: number }
  let next: ChildProcess | undefined
  let url: string
  const figures: string[] = []

  test.beforeAll(async ({ stack }) => {
    test.setTimeout(300_000)
    const chain = stack.devnet.chains[0]
    if (!chain) throw new Error('the devnet has no chain')
    site = await createSite(
      'next',
      {
        name: 'a-next-site',
        private: true,
        scripts: { build: 'next build', start: 'next start' },
        dependencies: {
          ...(await kitDependencies(['protocol', 'core', 'react'])),
          '@tanstack/react-query': '^5.90.0',
          next: '16.5.0',
          react: '^19.3.1',
          'react-dom': '^19.3.1',
          wagmi: '^3.7.0',
        },
        devDependencies: {
          '@types/node': '^20',
          '@types/react': '^19.3.0',
          '@types/react-dom': '^19.3.0',
          typescript: '5.9.3',
        },
      },
      { ...FILES, 'app/providers.tsx': PROVIDERS(stack.serverUrl, chain) },
    )
    figures.push(`npm install ${site.installMs} ms`)
    const build = await site.exec('npx', ['next', 'build'])
    figures.push(`next build ${build.ms} ms`)
    const port = process.env.LATCH_SITE_PORT ?? ''
    url = `http://127.0.0.1:${port}`
    next = spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', port], {
      cwd: site.dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: 'ignore',
      detached: true,
    })
    const deadline = Date.now() + 30_000
    for (;;) {
      const answered = await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
      if (answered) break
      if (Date.now() > deadline) throw new Error('next start did not answer in 30 s')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })
  test.afterAll(() => {
    console.info(`Next.js site: ${figures.join(', ')}`)
    // Its own process group: npx and the server it started go together.
    if (next?.pid) process.kill(-next.pid, 'SIGTERM')
    site?.remove()
  })

  test('installs one copy of React Query, shared by the site and the kit', () => {
    const copies = readdirSync(path.join(site.dir, 'node_modules'), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(path.join('@tanstack', 'query-core', 'package.json')))
    expect(copies).toEqual([path.join('@tanstack', 'query-core', 'package.json')])
  })

  test('renders the button on the server, hydrates without a warning, and connects', async ({
    page,
    stack,
  }) => {
    const html = await (await fetch(url)).text()
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('data-testid="wagmi-account">disconnected<')
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') warnings.push(message.text())
    })
    await devnetWallet(page, stack)
    await page.goto(url)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
    const account = stack.devnet.accounts[0]?.address ?? ''
    await expect(page.getByTestId('latch-connect-button')).toContainText(account.slice(0, 6))
    // wagmi's own hook reads the connection the kit made: one config for both.
    await expect(page.getByTestId('wagmi-account')).toHaveText(account)
    expect(warnings.filter((line) => /hydrat/i.test(line))).toEqual([])
  })
})
