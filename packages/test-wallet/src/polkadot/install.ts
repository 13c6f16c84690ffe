import { randomUUID } from 'node:crypto'
import type { BrowserContext, Frame, Page } from '@playwright/test'
import { answerBridge, originOf, pagesOf } from '../pages.ts'
import { isRecord } from '../params.ts'
import type { Decision, WalletRequest } from '../wallet.ts'
import { polkadotPageScript } from './pageScript.ts'
import {
  createPolkadotWalletCore,
  type InjectedAccount,
  type PolkadotWalletCoreOptions,
} from './walletCore.ts'

export type PolkadotTestWalletOptions = PolkadotWalletCoreOptions & {
  /**
   * Which extension it poses as, by its `injectedWeb3` key: `polkadot-js` (default), `talisman`,
   * `subwallet-js`; `nova` is Nova Wallet's browser (`polkadot-js` with its flag).
   */
  extension?: 'polkadot-js' | 'talisman' | 'subwallet-js' | 'nova'
}

export interface PolkadotTestWallet {
  /** The accounts as the wallet lists them (addresses in its own SS58 prefix). */
  accounts: InjectedAccount[]
  /** Every call the pages made, in order: `enable`, `accounts`, `signPayload`, `signRaw`. */
  requests: WalletRequest[]
  setDecision(decide: (request: WalletRequest) => Decision | Promise<Decision>): void
  /** The next request (optionally only of `method`) is declined as the extension declines it. */
  rejectNext(method?: string): void
  /** Revokes every site's access; pages following the accounts hear an empty list. */
  disconnect(): Promise<void>
}

/** A page half's call through the binding: a hello (state only), or a request to the wallet. */
export function isPolkadotBridgeMessage(
  value: unknown,
): value is { type: 'hello' } | { type: 'request'; method: string; params: unknown } {
  if (!isRecord(value)) return false
  if (value.type === 'hello') return true
  return value.type === 'request' && typeof value.method === 'string' && isRecord(value.params)
}

/**
 * Installs an injected Polkadot extension (`window.injectedWeb3[...]`, enable, accounts,
 * signPayload, signRaw) into every page of `target`. Call it before navigating; the keys stay in
 * Node and sign with the key types given (sr25519 by default).
 */
export async function installPolkadotTestWallet(
  target: BrowserContext | Page,
  options: PolkadotTestWalletOptions,
): Promise<PolkadotTestWallet> {
  const id = randomUUID().replaceAll('-', '')
  const bindingName = `__latchPolkadotTestWallet_${id}`
  const hookName = `${bindingName}_state`

  const pushState = async () => {
    const pushes: Promise<unknown>[] = []
    for (const page of pagesOf(target)) {
      if (page.isClosed()) continue
      for (const frame of page.frames()) {
        const state = JSON.stringify(core.stateFor(originOf(frame.url())))
        const hook = JSON.stringify(hookName)
        const expression = `(() => { const hook = window[${hook}]; if (typeof hook === 'function') hook(${state}) })()`
        pushes.push(frame.evaluate(expression).catch(() => {}))
      }
    }
    await Promise.all(pushes)
  }

  const core = await createPolkadotWalletCore(options, pushState)
  await target.exposeBinding(bindingName, async (source: { frame: Frame }, message: unknown) =>
    answerBridge(core, originOf(source.frame.url()), message, isPolkadotBridgeMessage),
  )
  const extension = options.extension ?? 'polkadot-js'
  await target.addInitScript({
    content: polkadotPageScript({
      bindingName,
      hookName,
      source: extension === 'nova' ? 'polkadot-js' : extension,
      version: '0.63.1',
      nova: extension === 'nova',
    }),
  })

  return {
    accounts: core.accounts,
    requests: core.requests,
    setDecision: (decide) => core.setDecision(decide),
    rejectNext: (method) => core.rejectNext(method),
    disconnect: () => core.disconnect(),
  }
}
