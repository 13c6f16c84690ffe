/**
 * The script injected into every frame for the Wallet Standard Solana wallet. It holds no
 * secrets: the account's address and public key, the wallet's name, icon and chains, the name of
 * the Node binding it forwards feature calls to and the name of the hook Node pushes state with.
 *
 * Plain JavaScript source, not a TypeScript function: no transpiler helper can leak into the
 * page, and the page needs no bundler. It registers by the Wallet Standard's two window events:
 * it dispatches `wallet-standard:register-wallet` with a callback, and answers every
 * `wallet-standard:app-ready` an app dispatches, so it is found whichever loads first.
 */

import type { SolanaPageState } from './walletCore.ts'

export type SolanaPageScriptConfig = {
  bindingName: string
  hookName: string
  name: string
  icon: string
  chains: readonly string[]
  address: string
  /** The account's 32-byte public key. */
  publicKey: number[]
}

/** Messages from the page to Node; byte arrays travel as base64. */
export type SolanaBridgeMessage =
  | { type: 'hello' }
  | { type: 'request'; method: string; params: Record<string, unknown> }

/** Node's reply; the current state rides along so the page updates before the call resolves. */
export type SolanaBridgeReply = {
  state: SolanaPageState
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

const source = `
function (config) {
  'use strict'
  if (Object.prototype.hasOwnProperty.call(window, config.hookName)) return

  // Solana wallets report a declined or failed call as an Error named for what failed, with
  // the code (4001 for a declined one) beside the message.
  const ERROR_NAMES = {
    'standard:connect': 'WalletConnectionError',
    'standard:disconnect': 'WalletDisconnectionError',
    'solana:signMessage': 'WalletSignMessageError',
    'solana:signTransaction': 'WalletSignTransactionError',
    'solana:signAndSendTransaction': 'WalletSendTransactionError',
    'solana:signIn': 'WalletSignInError',
  }
  class WalletError extends Error {
    constructor(method, error) {
      super(error.message)
      this.name = ERROR_NAMES[method] || 'WalletError'
      this.code = error.code
      if (error.data !== undefined) this.data = error.data
    }
  }

  const toBase64 = (bytes) => {
    let binary = ''
    for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i])
    return btoa(binary)
  }
  const fromBase64 = (text) => {
    const binary = atob(text)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  }
  const isBytes = (value) => value instanceof Uint8Array

  const SIGNING_FEATURES = [
    'solana:signAndSendTransaction',
    'solana:signTransaction',
    'solana:signMessage',
    'solana:signIn',
  ]
  const publicKey = new Uint8Array(config.publicKey)
  const account = Object.freeze({
    address: config.address,
    publicKey,
    chains: Object.freeze(config.chains.slice()),
    features: Object.freeze(SIGNING_FEATURES.slice()),
  })

  // The account shows once this page has connected and while Node holds the origin approved.
  let approved = false
  let connectedHere = false
  let state = null
  const accounts = () => (approved && connectedHere ? [account] : [])

  const listeners = new Set()
  const update = (mutate) => {
    const before = accounts().length
    mutate()
    const after = accounts()
    if (after.length === before) return
    for (const listener of Array.from(listeners)) {
      try {
        listener({ accounts: after })
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
    update(() => {
      approved = next.approved
      // A revoked origin must connect again, even if another page approves it later.
      if (!approved) connectedHere = false
    })
  }

  const send = async (method, params) => {
    const binding = window[config.bindingName]
    if (typeof binding !== 'function') {
      throw new WalletError(method, { code: 4900, message: 'The wallet is not available.' })
    }
    const reply = await binding(method === 'hello' ? { type: 'hello' } : { type: 'request', method, params })
    applyState(reply.state)
    if (reply.error) throw new WalletError(method, reply.error)
    return reply.result
  }

  const requireAccount = (method, input) => {
    if (!input || !input.account || input.account.address !== account.address || !connectedHere) {
      throw new WalletError(method, {
        code: 4100,
        message: 'The requested account has not been authorized by the user.',
      })
    }
  }
  const requireBytes = (method, value, name) => {
    if (!isBytes(value)) {
      throw new WalletError(method, { code: -32602, message: 'Invalid params: ' + name + ' must be a Uint8Array' })
    }
  }
  const plain = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))

  const connect = async (input) => {
    const silent = Boolean(input && input.silent)
    const result = await send('standard:connect', { silent })
    if (result.approved) {
      update(() => {
        approved = true
        connectedHere = true
      })
    }
    return { accounts: accounts() }
  }

  const disconnect = async () => {
    update(() => {
      connectedHere = false
    })
    await send('standard:disconnect', {})
  }

  const on = (event, listener) => {
    if (event !== 'change' || typeof listener !== 'function') return () => {}
    const entry = (properties) => listener(properties)
    listeners.add(entry)
    return () => listeners.delete(entry)
  }

  const signMessage = async (...inputs) => {
    const outputs = []
    for (const input of inputs) {
      const method = 'solana:signMessage'
      requireAccount(method, input)
      requireBytes(method, input.message, 'message')
      const result = await send(method, { account: account.address, message: toBase64(input.message) })
      outputs.push({
        signedMessage: fromBase64(result.signedMessage),
        signature: fromBase64(result.signature),
        signatureType: 'ed25519',
      })
    }
    return outputs
  }

  const signTransaction = async (...inputs) => {
    const outputs = []
    for (const input of inputs) {
      const method = 'solana:signTransaction'
      requireAccount(method, input)
      requireBytes(method, input.transaction, 'transaction')
      const result = await send(method, {
        account: account.address,
        transaction: toBase64(input.transaction),
        chain: input.chain,
      })
      outputs.push({ signedTransaction: fromBase64(result.signedTransaction) })
    }
    return outputs
  }

  const signAndSendTransaction = async (...inputs) => {
    const outputs = []
    for (const input of inputs) {
      const method = 'solana:signAndSendTransaction'
      requireAccount(method, input)
      requireBytes(method, input.transaction, 'transaction')
      const result = await send(method, {
        account: account.address,
        transaction: toBase64(input.transaction),
        chain: input.chain,
        options: plain(input.options),
      })
      outputs.push({ signature: fromBase64(result.signature) })
    }
    return outputs
  }

  const signIn = async (...inputs) => {
    const outputs = []
    for (const input of inputs.length > 0 ? inputs : [{}]) {
      const result = await send('solana:signIn', { input: plain(input || {}) })
      // Signing in connects the account, as a connect would.
      update(() => {
        approved = true
        connectedHere = true
      })
      outputs.push({
        account,
        signedMessage: fromBase64(result.signedMessage),
        signature: fromBase64(result.signature),
        signatureType: 'ed25519',
      })
    }
    return outputs
  }

  const versions = ['legacy', 0]
  const features = Object.freeze({
    'standard:connect': Object.freeze({ version: '1.0.0', connect }),
    'standard:disconnect': Object.freeze({ version: '1.0.0', disconnect }),
    'standard:events': Object.freeze({ version: '1.0.0', on }),
    'solana:signMessage': Object.freeze({ version: '1.1.0', signMessage }),
    'solana:signTransaction': Object.freeze({
      version: '1.0.0',
      supportedTransactionVersions: versions,
      signTransaction,
    }),
    'solana:signAndSendTransaction': Object.freeze({
      version: '1.0.0',
      supportedTransactionVersions: versions,
      signAndSendTransaction,
    }),
    'solana:signIn': Object.freeze({ version: '1.0.0', signIn }),
  })

  const wallet = Object.freeze({
    get version() {
      return '1.0.0'
    },
    get name() {
      return config.name
    },
    get icon() {
      return config.icon
    },
    get chains() {
      return config.chains.slice()
    },
    get features() {
      return features
    },
    get accounts() {
      return accounts()
    },
  })

  Object.defineProperty(window, config.hookName, { value: applyState })

  const registerWith = (api) => {
    if (api && typeof api.register === 'function') api.register(wallet)
  }
  window.addEventListener('wallet-standard:app-ready', (event) => registerWith(event.detail))
  try {
    window.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: registerWith,
        bubbles: false,
        cancelable: false,
        composed: false,
      }),
    )
  } catch (error) {
    console.error('wallet-standard:register-wallet could not be dispatched', error)
  }

  send('hello').catch(() => {})
}
`

/** The complete init script for one installed wallet. */
export function solanaPageScript(config: SolanaPageScriptConfig): string {
  return `(${source.trim()})(${JSON.stringify(config)});`
}

/** An expression that pushes a new state into a frame, if the wallet script runs there. */
export function pushSolanaStateExpression(hookName: string, state: SolanaPageState): string {
  const hook = JSON.stringify(hookName)
  return `(() => { const hook = window[${hook}]; if (typeof hook === 'function') hook(${JSON.stringify(state)}) })()`
}
