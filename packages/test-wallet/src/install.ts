import { randomUUID } from 'node:crypto'
import type { BrowserContext, Page } from '@playwright/test'
import {
  type BridgeMessage,
  type ProviderInfo,
  pageScript,
  pushStateExpression,
} from './pageScript.ts'
import { answerBridge, defaultIcon, isPage, originOf } from './pages.ts'
import { createWalletCore, type DecideFn, type Decision, type WalletRequest } from './wallet.ts'

export type { Decision, WalletRequest }

export type TestWalletOptions = {
  /** Devnet private key. It never leaves Node. */
  privateKey: `0x${string}`
  /** Chains the wallet knows from the start; the first one is the initial chain. */
  chains: { chainId: number; rpcUrl: string; name?: string }[]
  /** EIP-6963 provider info; anything left out gets a default. */
  info?: { uuid?: string; name?: string; icon?: string; rdns?: string }
  /** An ERC-7821 executor on the chains: the wallet offers EIP-5792 batches through it (EIP-7702). */
  batchExecutor?: `0x${string}`
  /** Called for every request that needs the user's consent. Default: approve everything. */
  decide?: (request: WalletRequest) => Decision | Promise<Decision>
  /** Also set `window.ethereum` to the provider (EIP-1193 legacy injection). Default false. */
  injectWindowEthereum?: boolean
  /** Announce by EIP-6963. Default true; false with injectWindowEthereum is an old-style wallet. */
  announce?: boolean
}

export interface TestWallet {
  address: `0x${string}`
  /** Every request the pages made, in order. */
  requests: WalletRequest[]
  setDecision(decide: (request: WalletRequest) => Decision | Promise<Decision>): void
  /** The next consent request (optionally only of `method`) is rejected with 4001. */
  rejectNext(method?: string): void
  /** The wallet's current chain id. */
  chainId(): number
  /** Revokes every site's permission; pages get `accountsChanged([])`. */
  disconnect(): Promise<void>
}

function isBridgeMessage(value: unknown): value is BridgeMessage {
  if (typeof value !== 'object' || value === null) return false
  const message = value as Record<string, unknown>
  if (message.type === 'hello') return true
  return (
    message.type === 'request' &&
    typeof message.method === 'string' &&
    Array.isArray(message.params)
  )
}

/**
 * Installs an EIP-6963 / EIP-1193 wallet into every page of `target` (a BrowserContext or one
 * Page). Call it before navigating: the provider is injected with an init script.
 */
export async function installTestWallet(
  target: BrowserContext | Page,
  options: TestWalletOptions,
): Promise<TestWallet> {
  const id = randomUUID().replaceAll('-', '')
  const bindingName = `__latchTestWallet_${id}`
  const hookName = `${bindingName}_state`
  const info: ProviderInfo = {
    uuid: options.info?.uuid ?? randomUUID(),
    name: options.info?.name ?? 'Latch Test Wallet',
    icon: options.info?.icon ?? defaultIcon,
    rdns: options.info?.rdns ?? 'dev.latch.testwallet',
  }

  const pages = (): Page[] => (isPage(target) ? [target] : target.pages())

  /** Pushes the wallet state, as seen from each page's origin, into every frame. */
  const pushState = async () => {
    const pushes: Promise<unknown>[] = []
    for (const page of pages()) {
      if (page.isClosed()) continue
      const expression = pushStateExpression(hookName, core.stateFor(originOf(page.url())))
      for (const frame of page.frames()) pushes.push(frame.evaluate(expression).catch(() => {}))
    }
    await Promise.all(pushes)
  }

  const core = createWalletCore(
    {
      privateKey: options.privateKey,
      chains: options.chains,
      decide: options.decide,
      ...(options.batchExecutor ? { batchExecutor: options.batchExecutor } : {}),
    },
    pushState,
  )

  await target.exposeBinding(bindingName, async (source: { page: Page }, message: unknown) => {
    return answerBridge(core, originOf(source.page.url()), message, isBridgeMessage)
  })
  await target.addInitScript({
    content: pageScript({
      bindingName,
      hookName,
      info,
      injectWindowEthereum: options.injectWindowEthereum ?? false,
      announce: options.announce ?? true,
    }),
  })

  return {
    address: core.address,
    requests: core.requests,
    setDecision: (decide: DecideFn) => core.setDecision(decide),
    rejectNext: (method?: string) => core.rejectNext(method),
    chainId: () => core.chainId(),
    disconnect: () => core.disconnect(),
  }
}
