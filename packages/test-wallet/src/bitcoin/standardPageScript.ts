/**
 * The script injected into every frame for the Bitcoin Wallet Standard wallet. It holds no
 * secrets: the wallet's name, icon and chain, the name of the Node binding it forwards feature
 * calls to and the name of the hook Node pushes state with; addresses come from Node on connect.
 *
 * Plain JavaScript source, as the Solana wallet's: no transpiler helper can leak into the page. It
 * registers by the Wallet Standard's two window events, so it is found whichever loads first.
 */

export type BitcoinStandardPageScriptConfig = {
  bindingName: string
  hookName: string
  name: string
  icon: string
  /** The Wallet Standard chain, e.g. `bitcoin:regtest`. */
  chain: string
}

const source = `
function (config) {
  'use strict'
  if (Object.prototype.hasOwnProperty.call(window, config.hookName)) return

  // A declined or failed call is an Error with the code beside the message (4001: declined).
  class WalletError extends Error {
    constructor(error) {
      super(error.message)
      this.name = 'WalletError'
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
  const fromHex = (text) => new Uint8Array(text.match(/../g).map((pair) => parseInt(pair, 16)))

  const ACCOUNT_FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction', 'bitcoin:sendTransfer']
  const accountOf = (reported) =>
    Object.freeze({
      address: reported.address,
      publicKey: fromHex(reported.publicKey),
      chains: Object.freeze([config.chain]),
      features: Object.freeze(ACCOUNT_FEATURES.slice()),
    })

  // The accounts show while Node holds this origin approved, in the order they were last asked.
  let approved = false
  let shown = []
  let state = null
  const accounts = () => (approved ? shown.slice() : [])

  const listeners = new Set()
  const emit = () => {
    const now = accounts()
    for (const listener of Array.from(listeners)) {
      try {
        listener({ accounts: now })
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
    if (next.approved === approved) return
    approved = next.approved
    emit()
  }

  const send = async (method, params) => {
    const binding = window[config.bindingName]
    if (typeof binding !== 'function') {
      throw new WalletError({ code: 4900, message: 'The wallet is not available.' })
    }
    const reply = await binding(method === 'hello' ? { type: 'hello' } : { type: 'request', method, params })
    applyState(reply.state)
    if (reply.error) throw new WalletError(reply.error)
    return reply.result
  }

  const requireAccount = (account) => {
    const known = accounts().find((entry) => account && entry.address === account.address)
    if (!known) {
      throw new WalletError({ code: 4100, message: 'The requested account has not been authorized by the user.' })
    }
    return known
  }

  const open = async (method, params) => {
    const result = await send(method, params)
    if (result.approved) {
      shown = result.addresses.map(accountOf)
      approved = true
    }
    return { accounts: accounts() }
  }

  const features = Object.freeze({
    'bitcoin:connect': Object.freeze({
      version: '1.0.0',
      connect: (input) => open('bitcoin:connect', { purposes: input && input.purposes }),
    }),
    // A silent connect (after a reload) asks nothing: it answers the accounts this site holds.
    'standard:connect': Object.freeze({
      version: '1.0.0',
      connect: (input) =>
        open('bitcoin:connect', { silent: Boolean(input && input.silent), purposes: ['payment', 'ordinals'] }),
    }),
    'standard:disconnect': Object.freeze({
      version: '1.0.0',
      disconnect: async () => {
        await send('standard:disconnect', {})
      },
    }),
    'standard:events': Object.freeze({
      version: '1.0.0',
      on: (event, listener) => {
        if (event !== 'change' || typeof listener !== 'function') return () => {}
        const entry = (properties) => listener(properties)
        listeners.add(entry)
        return () => listeners.delete(entry)
      },
    }),
    'bitcoin:signMessage': Object.freeze({
      version: '1.0.0',
      signMessage: async (...inputs) => {
        const outputs = []
        for (const input of inputs) {
          const account = requireAccount(input && input.account)
          if (!(input.message instanceof Uint8Array)) {
            throw new WalletError({ code: -32602, message: 'Invalid params: message must be a Uint8Array' })
          }
          const result = await send('bitcoin:signMessage', {
            address: account.address,
            message: toBase64(input.message),
          })
          outputs.push({ signedMessage: fromBase64(result.signedMessage), signature: fromBase64(result.signature) })
        }
        return outputs
      },
    }),
    'bitcoin:signTransaction': Object.freeze({
      version: '1.0.0',
      signTransaction: async (...inputs) => {
        const outputs = []
        for (const input of inputs) {
          if (!input || !(input.psbt instanceof Uint8Array)) {
            throw new WalletError({ code: -32602, message: 'Invalid params: psbt must be a Uint8Array' })
          }
          const inputsToSign = (input.inputsToSign || []).map((entry) => ({
            address: requireAccount(entry.account).address,
            indexes: Array.from(entry.signingIndexes || []),
          }))
          const result = await send('bitcoin:signTransaction', {
            psbt: toBase64(input.psbt),
            chain: input.chain,
            inputsToSign,
          })
          outputs.push({ signedPsbt: fromBase64(result.psbt) })
        }
        return outputs
      },
    }),
    'bitcoin:sendTransfer': Object.freeze({
      version: '1.0.0',
      sendTransfer: async (...inputs) => {
        const outputs = []
        for (const input of inputs) {
          requireAccount(input && input.account)
          const recipients = (input.recipients || []).map((entry) => ({
            address: entry.address,
            amount: String(entry.amount),
          }))
          outputs.push(await send('bitcoin:sendTransfer', { recipients }))
        }
        return outputs
      },
    }),
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
      return [config.chain]
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
export function bitcoinStandardPageScript(config: BitcoinStandardPageScriptConfig): string {
  return `(${source.trim()})(${JSON.stringify(config)});`
}
