/**
 * The script injected into every frame for the sats-connect wallet: a provider at
 * `window.XverseProviders.BitcoinProvider` (where sats-connect's `request()` looks first), listed
 * in `window.btc_providers` (sats-connect's `getProviders()`), answering `request(method, params)`
 * with JSON-RPC 2.0 response objects as Xverse does. No secrets: calls go to Node by a binding.
 */

export type SatsConnectPageScriptConfig = {
  bindingName: string
  hookName: string
  /** Where the provider sits on `window`, dot separated (sats-connect's provider id). */
  providerId: string
  name: string
  icon: string
  /** sats-connect's network name of the addresses (`Mainnet`, `Testnet`, `Regtest`). */
  networkName: string
}

const source = `
function (config) {
  'use strict'
  if (Object.prototype.hasOwnProperty.call(window, config.hookName)) return

  // sats-connect's error codes: a declined request is USER_REJECTION, not EIP-1193's 4001.
  const USER_REJECTION = -32000
  const ACCESS_DENIED = -32002
  const METHOD_NOT_FOUND = -32601
  const codeOf = (code) =>
    code === 4001 ? USER_REJECTION : code === 4100 ? ACCESS_DENIED : code === 4200 ? METHOD_NOT_FOUND : code

  let approved = false
  let state = null
  const listeners = new Set()
  const emit = (event) => {
    for (const entry of Array.from(listeners)) {
      if (entry.eventName !== event.type) continue
      try {
        entry.cb(event)
      } catch (error) {
        setTimeout(() => {
          throw error
        })
      }
    }
  }
  const applyState = (next) => {
    if (!next || (state && next.seq <= state.seq)) return
    state = next
    if (approved && !next.approved) emit({ type: 'disconnect' })
    approved = next.approved
  }

  class CallError extends Error {
    constructor(error) {
      super(error.message)
      this.code = codeOf(error.code)
    }
  }
  const send = async (method, params) => {
    const binding = window[config.bindingName]
    if (typeof binding !== 'function') throw new CallError({ code: -32603, message: 'The wallet is not available.' })
    const reply = await binding(method === 'hello' ? { type: 'hello' } : { type: 'request', method, params })
    applyState(reply.state)
    if (reply.error) throw new CallError(reply.error)
    return reply.result
  }

  const withWalletType = (addresses) => addresses.map((entry) => Object.assign({}, entry, { walletType: 'software' }))
  const METHODS = ['getInfo', 'getAccounts', 'wallet_getAccount', 'wallet_disconnect', 'signMessage', 'signPsbt', 'sendTransfer']

  const handlers = {
    getInfo: async () => ({ version: '1.0.0', platform: 'web', methods: METHODS.slice(), supports: [] }),
    getAccounts: async (params) => {
      const result = await send('getAccounts', { purposes: params && params.purposes })
      return withWalletType(result.addresses)
    },
    // The account this site may use, without asking: how a reload finds its connection again.
    wallet_getAccount: async () => {
      const result = await send('wallet_getAccount', {})
      if (!result.approved) throw new CallError({ code: 4100, message: 'Access denied: connect first.' })
      return {
        id: config.providerId,
        addresses: withWalletType(result.addresses),
        walletType: 'software',
        network: { bitcoin: { name: config.networkName }, stacks: { name: 'mainnet' }, spark: { name: 'mainnet' } },
      }
    },
    wallet_disconnect: async () => {
      await send('wallet_disconnect', {})
      return null
    },
    signMessage: async (params) => {
      const result = await send('signMessage', {
        address: params && params.address,
        text: params && params.message,
        protocol: params && params.protocol,
      })
      return {
        signature: result.signature,
        messageHash: '',
        address: result.address,
        protocol: result.protocol === 'bip137' ? 'ECDSA' : 'BIP322',
      }
    },
    signPsbt: async (params) => {
      const signInputs = (params && params.signInputs) || {}
      const result = await send('signPsbt', {
        psbt: params && params.psbt,
        inputsToSign: Object.keys(signInputs).map((address) => ({ address, indexes: signInputs[address] })),
        ...(params && params.broadcast ? { broadcast: true } : {}),
      })
      return result
    },
    sendTransfer: async (params) => send('sendTransfer', { recipients: params && params.recipients }),
  }

  let nextId = 0
  const provider = Object.freeze({
    request: async (method, params) => {
      const id = String(++nextId)
      const handler = Object.prototype.hasOwnProperty.call(handlers, method) ? handlers[method] : undefined
      try {
        if (!handler) throw new CallError({ code: METHOD_NOT_FOUND, message: 'Method not supported: ' + method })
        return { jsonrpc: '2.0', id, result: await handler(params) }
      } catch (error) {
        return { jsonrpc: '2.0', id, error: { code: error.code ?? -32603, message: error.message } }
      }
    },
    // sats-connect 4 passes { eventName, cb }; older callers (eventName, cb).
    addListener: (first, second) => {
      const entry = typeof first === 'string' ? { eventName: first, cb: second } : first
      if (!entry || typeof entry.cb !== 'function') return () => {}
      listeners.add(entry)
      return () => listeners.delete(entry)
    },
  })

  const path = config.providerId.split('.')
  let holder = window
  for (const part of path.slice(0, -1)) {
    if (!holder[part] || typeof holder[part] !== 'object') holder[part] = {}
    holder = holder[part]
  }
  holder[path[path.length - 1]] = provider
  if (!Array.isArray(window.btc_providers)) window.btc_providers = []
  window.btc_providers.push({ id: config.providerId, name: config.name, icon: config.icon, webUrl: 'https://latch.invalid' })

  Object.defineProperty(window, config.hookName, { value: applyState })
  send('hello').catch(() => {})
}
`

/** The complete init script for one installed wallet. */
export function satsConnectPageScript(config: SatsConnectPageScriptConfig): string {
  return `(${source.trim()})(${JSON.stringify(config)});`
}
