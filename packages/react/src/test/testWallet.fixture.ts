import { type Latch, type LatchConfig, type ViewName, walletFromOption } from '@latch/core'
import type { DevnetManifest } from '@latch/protocol'
import { createWalletCore, type DecideFn } from '@latch/test-wallet/core'
import type { Hex } from 'viem'
import { onTestFinished, vi } from 'vitest'
import type { LatchServer } from './latchServer.fixture.ts'
import { devnetLatch, renderView } from './renderView.fixture.tsx'

type Listener = (value: unknown) => void
type PageState = ReturnType<ReturnType<typeof createWalletCore>['stateFor']>

export type JsdomTestWallet = {
  /** The account the wallet holds. */
  address: `0x${string}`
  name: string
  rdns: string
}

/**
 * The browser tests' EIP-6963 wallet, in the test's own window (jsdom): the same Node wallet core
 * (a devnet key, real signatures, requests forwarded to the devnet's chain), announced as an
 * extension does and answering the page's discovery request, with the provider events wagmi
 * listens to. Approves everything unless `decide` says otherwise. Stops announcing when the test
 * ends.
 */
export function installJsdomWallet(
  devnet: DevnetManifest,
  options: { accountIndex: number; decide?: DecideFn; name?: string; rdns?: string },
): JsdomTestWallet {
  const key = devnet.accounts[options.accountIndex]?.privateKey as Hex | undefined
  if (!key) throw new Error(`the devnet has no account ${options.accountIndex}`)
  const origin = window.location.origin
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, value: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(value)
  }
  let seen: PageState | undefined
  // Events as an extension sends them: after the state changed, before the request resolves.
  const core = createWalletCore(
    {
      privateKey: key,
      chains: devnet.chains.map((chain) => ({
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        name: chain.name,
      })),
      ...(options.decide ? { decide: options.decide } : {}),
    },
    async () => {
      const next = core.stateFor(origin)
      const previous = seen
      seen = next
      if (!previous) return
      if (previous.chainId !== next.chainId) emit('chainChanged', next.chainId)
      if (previous.accounts.join() !== next.accounts.join()) emit('accountsChanged', next.accounts)
    },
  )
  seen = core.stateFor(origin)
  const provider = {
    request: ({ method, params }: { method: string; params?: unknown[] }) =>
      core.handle(origin, method, params ?? []),
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return provider
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  const name = options.name ?? 'Latch Test Wallet'
  const rdns = options.rdns ?? 'dev.latch.testwallet'
  const info = {
    uuid: crypto.randomUUID(),
    name,
    rdns,
    icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  onTestFinished(() => window.removeEventListener('eip6963:requestProvider', announce))
  announce()
  return { address: core.address, name, rdns }
}

/**
 * Starts `latch` as the provider does and connects `wallet` through the kit, as a click on its row
 * does (the Connect view's test clicks it): for views that need a connected wallet.
 */
export async function connectJsdomWallet(latch: Latch, wallet: JsdomTestWallet): Promise<void> {
  await latch.start()
  const option = await vi.waitFor(() => {
    const found = latch.evm.wallets.get().find((candidate) => candidate.rdns === wallet.rdns)
    if (!found) throw new Error(`${wallet.name} was not discovered`)
    return found
  })
  await latch.connectWallet(walletFromOption(option))
}

/**
 * The modal on `view` for a wallet (the devnet's account `accountIndex`, default 7) connected on
 * the devnet through `server`: Account, Send, Swap as a visitor reaches them. `config` adds to the
 * instance's configuration (a visitor's `locale`).
 */
export async function renderConnectedView(
  server: LatchServer,
  view: ViewName,
  options: { accountIndex?: number; config?: Partial<LatchConfig> } = {},
) {
  const wallet = installJsdomWallet(server.devnet, { accountIndex: options.accountIndex ?? 7 })
  const latch = devnetLatch(server.devnet, server.url, options.config)
  await connectJsdomWallet(latch, wallet)
  return { wallet, ...(await renderView(latch, view)) }
}
