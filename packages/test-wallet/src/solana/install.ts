import { randomUUID } from 'node:crypto'
import type { BrowserContext, Frame, Page } from '@playwright/test'
import { answerBridge, defaultIcon, originOf, pagesOf } from '../pages.ts'
import { isRecord } from '../params.ts'
import type { Decision, WalletRequest } from '../wallet.ts'
import {
  pushSolanaStateExpression,
  type SolanaBridgeMessage,
  solanaPageScript,
} from './pageScript.ts'
import { createSolanaWalletCore } from './walletCore.ts'

export type SolanaTestWalletOptions = {
  /** The account's 64-byte secret key in base58 (as the devnet manifest lists it). It never leaves Node. */
  secretKey: string
  /** The Solana JSON-RPC URL signAndSendTransaction sends through, whatever chain the site names. */
  rpcUrl: string
  /**
   * The chains the wallet and its account announce, as the site will name them: CAIP-2 ids
   * (`solana:<genesis prefix>`, e.g. the devnet's `caipNetworkId`) and/or the Wallet Standard
   * cluster names (`solana:mainnet`, `solana:devnet`, `solana:localnet`). Must not be empty.
   */
  chains: readonly `${string}:${string}`[]
  /** The name and icon the wallet registers with; anything left out gets a default. */
  info?: { name?: string; icon?: string }
  /** Called for every request that needs the user's consent. Default: approve everything. */
  decide?: (request: WalletRequest) => Decision | Promise<Decision>
}

export interface SolanaTestWallet {
  /** The account's base58 address. */
  address: string
  /** The account's 32-byte public key. */
  publicKey: Uint8Array
  /**
   * Every feature call the pages made, in order: `method` is the feature name
   * (`standard:connect`, `solana:signMessage`, ...), `params[0]` what the page sent (byte arrays
   * as base64), `origin` the calling frame's origin.
   */
  requests: WalletRequest[]
  setDecision(decide: (request: WalletRequest) => Decision | Promise<Decision>): void
  /**
   * The next consent request (optionally only of feature `method`) is declined: the page gets an
   * Error with code 4001 and message 'User rejected the request.'.
   */
  rejectNext(method?: string): void
  /** Revokes every site's approval; connected pages get a `change` event with no accounts. */
  disconnect(): Promise<void>
}

function isBridgeMessage(value: unknown): value is SolanaBridgeMessage {
  if (!isRecord(value)) return false
  if (value.type === 'hello') return true
  return value.type === 'request' && typeof value.method === 'string' && isRecord(value.params)
}

/**
 * Installs a Wallet Standard Solana wallet into every page of `target` (a BrowserContext or one
 * Page): `getWallets()` of `@wallet-standard/app` finds it. Call it before navigating: the wallet
 * is injected with an init script, and its key stays in Node behind a Playwright binding.
 */
export async function installSolanaTestWallet(
  target: BrowserContext | Page,
  options: SolanaTestWalletOptions,
): Promise<SolanaTestWallet> {
  const id = randomUUID().replaceAll('-', '')
  const bindingName = `__latchSolanaTestWallet_${id}`
  const hookName = `${bindingName}_state`

  /** Pushes the wallet state, as seen from each frame's origin, into every frame. */
  const pushState = async () => {
    const pushes: Promise<unknown>[] = []
    for (const page of pagesOf(target)) {
      if (page.isClosed()) continue
      for (const frame of page.frames()) {
        const expression = pushSolanaStateExpression(hookName, core.stateFor(originOf(frame.url())))
        pushes.push(frame.evaluate(expression).catch(() => {}))
      }
    }
    await Promise.all(pushes)
  }

  const core = createSolanaWalletCore(
    {
      secretKey: options.secretKey,
      rpcUrl: options.rpcUrl,
      chains: options.chains,
      decide: options.decide,
    },
    pushState,
  )

  await target.exposeBinding(bindingName, async (source: { frame: Frame }, message: unknown) => {
    return answerBridge(core, originOf(source.frame.url()), message, isBridgeMessage)
  })
  await target.addInitScript({
    content: solanaPageScript({
      bindingName,
      hookName,
      name: options.info?.name ?? 'Latch Solana Test Wallet',
      icon: options.info?.icon ?? defaultIcon,
      chains: options.chains,
      address: core.address,
      publicKey: Array.from(core.publicKey),
    }),
  })

  return {
    address: core.address,
    publicKey: core.publicKey,
    requests: core.requests,
    setDecision: (decide) => core.setDecision(decide),
    rejectNext: (method) => core.rejectNext(method),
    disconnect: () => core.disconnect(),
  }
}
