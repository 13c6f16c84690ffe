import { createContext, runInContext } from 'node:vm'
import { answerBridge } from '../pages.ts'
import { isBridgeMessage } from './install.ts'
import type { BitcoinWalletCore } from './walletCore.ts'

/**
 * A page without a browser: a `window` (a fresh JavaScript realm with window events and base64)
 * that runs a test wallet's page script, bridged to its Node core as Playwright's binding does.
 */
export function fakePage(options: {
  core: () => BitcoinWalletCore
  origin: string
  bindingName: string
  hookName: string
}) {
  const events = new EventTarget()
  const context = createContext({
    atob,
    btoa,
    console,
    setTimeout,
    CustomEvent,
    addEventListener: events.addEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
    [options.bindingName]: (message: unknown) =>
      answerBridge(options.core(), options.origin, message, isBridgeMessage),
  })
  const window = runInContext('this', context) as Record<string, unknown>
  window.window = window
  return {
    window,
    events,
    run: (script: string) => runInContext(script, context),
    /** Pushes the wallet's state for this page's origin, as Node does after every change. */
    push: async () => {
      const hook = window[options.hookName] as ((state: unknown) => void) | undefined
      hook?.(options.core().stateFor(options.origin))
    },
  }
}
