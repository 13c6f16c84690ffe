import { createContext, runInContext } from 'node:vm'
import { answerBridge } from '../pages.ts'
import { isPolkadotBridgeMessage, type PolkadotTestWalletOptions } from './install.ts'
import { polkadotPageScript } from './pageScript.ts'
import { createPolkadotWalletCore } from './walletCore.ts'

/**
 * The Polkadot test wallet in a page without a browser: a fresh JavaScript realm (`window`) that
 * runs the wallet's page script, bridged to its Node half as Playwright's binding does. For unit
 * tests of code reading `window.injectedWeb3`.
 */
export async function fakePolkadotPage(
  options: PolkadotTestWalletOptions,
  origin = 'http://127.0.0.1:5173',
) {
  const bindingName = '__latchPolkadotTestWallet_fake'
  const hookName = `${bindingName}_state`
  const context = createContext({ console, setTimeout })
  const window = runInContext('this', context) as Record<string, unknown>
  window.window = window
  const core = await createPolkadotWalletCore(options, async () => {
    const hook = window[hookName] as ((state: unknown) => void) | undefined
    hook?.(core.stateFor(origin))
  })
  window[bindingName] = (message: unknown) =>
    answerBridge(core, origin, message, isPolkadotBridgeMessage)
  const extension = options.extension ?? 'polkadot-js'
  runInContext(
    polkadotPageScript({
      bindingName,
      hookName,
      source: extension === 'nova' ? 'polkadot-js' : extension,
      version: '0.63.1',
      nova: extension === 'nova',
    }),
    context,
  )
  return { core, window }
}
