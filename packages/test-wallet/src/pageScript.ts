/**
 * The script injected into every frame. It holds no secrets: it only knows the EIP-6963 info,
 * the name of the Node binding it forwards requests to and the name of the hook Node uses to
 * push wallet state (chain, accounts) into the page.
 *
 * It is kept as plain JavaScript source rather than a TypeScript function so that no
 * transpiler helper (e.g. esbuild's `__name`) can leak into the serialized page code.
 */

export type ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

export type PageScriptConfig = {
  bindingName: string
  hookName: string
  info: ProviderInfo
  injectWindowEthereum: boolean
  announce: boolean
}

/** What Node tells a frame about the wallet as seen from that frame's origin. */
export type PageState = {
  seq: number
  chainId: `0x${string}`
  accounts: `0x${string}`[]
  connected: boolean
}

/** Messages from the page to Node. */
export type BridgeMessage =
  | { type: 'hello' }
  | { type: 'request'; method: string; params: unknown[] }

/** Node's reply; the current state rides along so the caller sees events before its result. */
export type BridgeReply = {
  state: PageState
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

const source = `
function (config) {
  'use strict'
  if (Object.prototype.hasOwnProperty.call(window, config.hookName)) return

  class ProviderRpcError extends Error {
    constructor(code, message, data) {
      super(message)
      this.name = 'ProviderRpcError'
      this.code = code
      if (data !== undefined) this.data = data
    }
  }

  const listeners = new Map()
  let state = null

  const emit = (event, value) => {
    const set = listeners.get(event)
    if (!set) return
    for (const listener of Array.from(set)) {
      try {
        listener(value)
      } catch (error) {
        setTimeout(() => {
          throw error
        })
      }
    }
  }

  const applyState = (next) => {
    if (!next || (state && next.seq <= state.seq)) return
    const previous = state
    state = next
    if (!previous) {
      if (next.connected) emit('connect', { chainId: next.chainId })
      return
    }
    if (previous.connected && !next.connected) {
      emit('disconnect', new ProviderRpcError(4900, 'The Provider is disconnected from all chains.'))
    }
    if (!previous.connected && next.connected) emit('connect', { chainId: next.chainId })
    if (previous.chainId !== next.chainId) emit('chainChanged', next.chainId)
    if (previous.accounts.join(',') !== next.accounts.join(',')) {
      emit('accountsChanged', next.accounts.slice())
    }
  }

  const send = async (message) => {
    const binding = window[config.bindingName]
    if (typeof binding !== 'function') {
      throw new ProviderRpcError(4900, 'The Provider is disconnected from all chains.')
    }
    const reply = await binding(message)
    applyState(reply.state)
    if (reply.error) {
      throw new ProviderRpcError(reply.error.code, reply.error.message, reply.error.data)
    }
    return reply.result
  }

  const request = async (args) => {
    if (!args || typeof args !== 'object' || typeof args.method !== 'string' || !args.method) {
      throw new ProviderRpcError(-32600, 'Invalid request: expected an object with a string method.')
    }
    let params = args.params === undefined || args.params === null ? [] : args.params
    if (!Array.isArray(params)) {
      throw new ProviderRpcError(-32602, 'Invalid params: params must be an array.')
    }
    try {
      params = JSON.parse(JSON.stringify(params))
    } catch (error) {
      throw new ProviderRpcError(-32602, 'Invalid params: params must be JSON-serializable.')
    }
    return send({ type: 'request', method: args.method, params })
  }

  const on = (event, listener) => {
    if (typeof listener !== 'function') return provider
    if (!listeners.has(event)) listeners.set(event, new Set())
    listeners.get(event).add(listener)
    return provider
  }

  const removeListener = (event, listener) => {
    const set = listeners.get(event)
    if (set) set.delete(listener)
    return provider
  }

  const once = (event, listener) => {
    const wrapper = (value) => {
      removeListener(event, wrapper)
      listener(value)
    }
    return on(event, wrapper)
  }

  const removeAllListeners = (event) => {
    if (event === undefined) listeners.clear()
    else listeners.delete(event)
    return provider
  }

  const provider = {
    isLatchTestWallet: true,
    request,
    on,
    addListener: on,
    once,
    removeListener,
    off: removeListener,
    removeAllListeners,
  }

  Object.defineProperty(window, config.hookName, { value: applyState })

  if (config.injectWindowEthereum) {
    Object.defineProperty(window, 'ethereum', {
      value: provider,
      configurable: true,
      enumerable: true,
      writable: true,
    })
  }

  const detail = Object.freeze({ info: Object.freeze(Object.assign({}, config.info)), provider })
  const announce = () => {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }
  if (config.announce) {
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }

  send({ type: 'hello' }).catch(() => {})
}
`

/** The complete init script for one installed wallet. */
export function pageScript(config: PageScriptConfig): string {
  return `(${source.trim()})(${JSON.stringify(config)});`
}

/** An expression that pushes a new state into a frame, if the wallet script runs there. */
export function pushStateExpression(hookName: string, state: PageState): string {
  const hook = JSON.stringify(hookName)
  return `(() => { const hook = window[${hook}]; if (typeof hook === 'function') hook(${JSON.stringify(state)}) })()`
}
