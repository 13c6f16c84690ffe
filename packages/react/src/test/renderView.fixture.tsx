import {
  createLatch,
  createMemoryStorage,
  defineEvmNetwork,
  type Latch,
  type LatchConfig,
  type ViewName,
} from '@latch/core'
import type { DevnetManifest } from '@latch/protocol'
import { cleanup, render, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { onTestFinished } from 'vitest'
import { ConnectButton } from '../ConnectButton.tsx'
import { LatchProvider } from '../LatchProvider.tsx'
import { loadView, preloadViews } from '../modal/loadView.ts'
import { VIEW_REGISTRY } from '../views/registry.tsx'

/** The devnet's first chain as the demo lists it; nothing is asked of its RPC in a page render. */
export const devnetNetwork = defineEvmNetwork({
  id: 31337,
  name: 'Latch Devnet',
  rpcUrl: 'http://127.0.0.1:8545',
})

/** The devnet's second account: a connected visitor in tests that never reach a chain. */
export const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * A real instance as a site creates it: the dev project, the devnet's chain, and a server URL
 * where nothing listens (port 9), so a test that meant no server call cannot make one unnoticed.
 * Each has a first visit's empty storage: the test files share one process, and in it one jsdom
 * localStorage, where an earlier test's wallet would show as Recent.
 */
export function testLatch(options: Partial<LatchConfig> = {}): Latch {
  return createLatch({
    projectId: 'latch-dev',
    serverUrl: 'http://127.0.0.1:9',
    networks: [devnetNetwork],
    storage: createMemoryStorage(),
    ...options,
  })
}

/** An instance on a test devnet's chains (their real RPC URLs) and a running server. */
export function devnetLatch(
  devnet: DevnetManifest,
  serverUrl: string,
  options: Partial<LatchConfig> = {},
): Latch {
  return testLatch({
    serverUrl,
    networks: devnet.chains.map((chain) =>
      defineEvmNetwork({ id: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl }),
    ),
    ...options,
  })
}

/**
 * Marks `latch`'s visitor connected (the account store, as a wallet connection sets it), for a
 * server render: a mounted provider starts the instance, whose reconnect asks the wallet and
 * finds none. A mounted view needs a real connection (`renderConnectedView`).
 */
export function connectAccount(latch: Latch, profile: Record<string, unknown> = {}): Latch {
  latch.account.update('eip155', { status: 'connected', address: ADDRESS, ...profile })
  return latch
}

/** A page of the site: the provider around `children` (default the connect button). */
const page = (latch: Latch, children: ReactNode = <ConnectButton />) => (
  <LatchProvider latch={latch}>{children}</LatchProvider>
)

/**
 * The page's HTML in one synchronous server pass (a button, or `children`, and the modal if open):
 * a view not loaded yet shows its placeholder, as the modal's first frame would.
 */
export function pageHtml(latch: Latch, children?: ReactNode): string {
  return renderToString(page(latch, children))
}

/** The page's HTML once every lazy view it shows has loaded, the modal open on `view` if given. */
export async function prerenderPage(latch: Latch, view?: ViewName): Promise<string> {
  if (view) latch.modal.open({ view })
  const { prelude } = await prerender(page(latch))
  return new Response(prelude).text()
}

/**
 * jsdom lays nothing out, so nothing it holds ever resizes or scrolls into view: observers that
 * never call back are what such a page reports. The modal needs them to exist.
 */
function installLayoutObservers() {
  class NoLayoutObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  for (const name of ['ResizeObserver', 'IntersectionObserver'] as const) {
    if (name in globalThis) continue
    Object.assign(globalThis, { [name]: NoLayoutObserver })
    onTestFinished(() => {
      delete (globalThis as Record<string, unknown>)[name]
    })
  }
}

/**
 * Mounts the page with `latch` in the test's DOM (a jsdom test file), the modal open on `view`.
 * The view's code and that of the views it leads to are loaded first, as the page preloads them
 * while idle: a click then shows the next view at once (a view still loading would suspend inside
 * the testing library's synchronous act, where React does not resume it). The provider starts
 * the instance as on a page. Returns a user (user-event: real clicks and typing; its clipboard
 * replaces the page's), the open dialog's queries, and `latch` to read its stores. Unmounted when
 * the test ends.
 */
export async function renderView(latch: Latch, view?: ViewName) {
  installLayoutObservers()
  const user = userEvent.setup()
  if (view) {
    await loadView(latch, view)
    await preloadViews(latch, VIEW_REGISTRY[view]?.next ?? [])
    latch.modal.open({ view })
  }
  const rendered = render(page(latch))
  onTestFinished(() => cleanup())
  return {
    latch,
    user,
    ...rendered,
    /** Queries inside the open modal (fails when it is closed). */
    modal: () => within(rendered.getByRole('dialog')),
  }
}
