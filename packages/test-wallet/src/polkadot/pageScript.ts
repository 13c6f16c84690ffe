/**
 * The script injected into every frame for the Polkadot test wallet: an entry of
 * `window.injectedWeb3` (as polkadot{.js}, Talisman, SubWallet and Nova put theirs) whose
 * `enable(appName)` resolves to the extension interface: `accounts.get/subscribe`,
 * `signer.signPayload/signRaw`, `metadata`. No secrets: calls go to Node by a binding.
 */

export type PolkadotPageScriptConfig = {
  bindingName: string
  hookName: string
  /** The key it registers under in `window.injectedWeb3` (`polkadot-js`, `talisman`, `subwallet-js`). */
  source: string
  /** The extension version it reports. */
  version: string
  /** Nova Wallet's in-app browser: injects as `polkadot-js` and flags `window.walletExtension.isNovaWallet`. */
  nova: boolean
}

const source = `
function (config) {
  'use strict'
  if (Object.prototype.hasOwnProperty.call(window, config.hookName)) return

  let state = null
  const subscribers = new Set()
  const applyState = (next) => {
    if (!next || (state && next.seq <= state.seq)) return
    const before = state ? JSON.stringify(state.accounts) : null
    state = next
    if (before === null || before === JSON.stringify(next.accounts)) return
    for (const cb of Array.from(subscribers)) {
      try {
        cb(next.accounts.slice())
      } catch (error) {
        setTimeout(() => {
          throw error
        })
      }
    }
  }

  // Extensions reject with a plain Error whose message says why ("Cancelled", "Rejected").
  const send = async (method, params) => {
    const binding = window[config.bindingName]
    if (typeof binding !== 'function') throw new Error('The wallet is not available.')
    const reply = await binding(method === 'hello' ? { type: 'hello' } : { type: 'request', method, params })
    applyState(reply.state)
    if (reply.error) throw new Error(reply.error.message)
    return reply.result
  }

  const injected = (appName) =>
    Object.freeze({
      accounts: Object.freeze({
        get: async () => (await send('accounts', { appName })).accounts,
        subscribe: (cb) => {
          subscribers.add(cb)
          send('accounts', { appName }).then(
            (result) => subscribers.has(cb) && cb(result.accounts),
            () => subscribers.has(cb) && cb([]),
          )
          return () => subscribers.delete(cb)
        },
      }),
      signer: Object.freeze({
        signPayload: async (payload) => send('signPayload', payload),
        signRaw: async (raw) => send('signRaw', raw),
      }),
      metadata: Object.freeze({ get: async () => [], provide: async () => false }),
    })

  if (!window.injectedWeb3 || typeof window.injectedWeb3 !== 'object') window.injectedWeb3 = {}
  window.injectedWeb3[config.source] = Object.freeze({
    version: config.version,
    enable: async (appName) => {
      await send('enable', { appName: String(appName) })
      return injected(String(appName))
    },
  })
  if (config.nova) window.walletExtension = Object.assign({}, window.walletExtension, { isNovaWallet: true })

  Object.defineProperty(window, config.hookName, { value: applyState })
  send('hello').catch(() => {})
}
`

/** The complete init script for one installed wallet. */
export function polkadotPageScript(config: PolkadotPageScriptConfig): string {
  return `(${source.trim()})(${JSON.stringify(config)});`
}
