import {
  type BitcoinWalletCore,
  type BitcoinWalletCoreOptions,
  createBitcoinWalletCore,
  type ReportedAddress,
} from '@latch/test-wallet/bitcoin-core'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { SatsConnectProvider } from './satsConnectWallet.ts'

// The Bitcoin test wallets' Node core (keys, approvals, consent) as a page sees them, without a
// browser: what the page scripts of @latch/test-wallet do in a page.

const ORIGIN = 'http://127.0.0.1:5173'
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

type Listener = (properties: { accounts: readonly WalletAccount[] }) => void

/** A Bitcoin Wallet Standard wallet (bitcoin:connect and the rest) over the test wallet's core. */
export function standardBitcoinWallet(
  options: BitcoinWalletCoreOptions & { name: string; chain?: string },
): Wallet & { core: BitcoinWalletCore } {
  const chain = options.chain ?? 'bitcoin:regtest'
  const listeners = new Set<Listener>()
  let shown: WalletAccount[] = []
  const core = createBitcoinWalletCore(options, async () => {
    if (!core.stateFor(ORIGIN).approved) shown = []
    for (const listener of listeners) listener({ accounts: shown })
  })
  const accountOf = (reported: ReportedAddress): WalletAccount => ({
    address: reported.address,
    publicKey: new Uint8Array(Buffer.from(reported.publicKey, 'hex')),
    chains: [chain as `${string}:${string}`],
    features: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
  })
  const open = async (params: Record<string, unknown>) => {
    const result = (await core.handle(ORIGIN, 'bitcoin:connect', params)) as {
      approved: boolean
      addresses: ReportedAddress[]
    }
    if (result.approved) shown = result.addresses.map(accountOf)
    return { accounts: shown }
  }
  return {
    core,
    version: '1.0.0',
    name: options.name,
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: [chain as `${string}:${string}`],
    get accounts() {
      return shown
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        connect: (input: { purposes: string[] }) => open({ purposes: input.purposes }),
      },
      'standard:connect': {
        version: '1.0.0',
        connect: (input?: { silent?: boolean }) =>
          open({ silent: input?.silent === true, purposes: ['payment', 'ordinals'] }),
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          await core.handle(ORIGIN, 'standard:disconnect', {})
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: Listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: async (input: { account: WalletAccount; message: Uint8Array }) => {
          const signed = (await core.handle(ORIGIN, 'bitcoin:signMessage', {
            address: input.account.address,
            message: base64(input.message),
          })) as { signature: string; signedMessage: string }
          return [
            { signedMessage: bytes(signed.signedMessage), signature: bytes(signed.signature) },
          ]
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: async (input: {
          psbt: Uint8Array
          inputsToSign: { account: WalletAccount; signingIndexes: number[] }[]
        }) => {
          const signed = (await core.handle(ORIGIN, 'bitcoin:signTransaction', {
            psbt: base64(input.psbt),
            inputsToSign: input.inputsToSign.map((entry) => ({
              address: entry.account.address,
              indexes: entry.signingIndexes,
            })),
          })) as { psbt: string }
          return [{ signedPsbt: bytes(signed.psbt) }]
        },
      },
    },
  }
}

/** A sats-connect provider (request answering JSON-RPC responses) over the test wallet's core. */
export function satsConnectProvider(options: BitcoinWalletCoreOptions): SatsConnectProvider & {
  core: BitcoinWalletCore
} {
  const listeners = new Set<{ eventName: string; cb: (event: unknown) => void }>()
  const core = createBitcoinWalletCore({ ...options, finalizePsbt: true }, async () => {
    if (core.stateFor(ORIGIN).approved) return
    for (const listener of listeners)
      if (listener.eventName === 'disconnect') listener.cb({ type: 'disconnect' })
  })
  const withType = (addresses: ReportedAddress[]) =>
    addresses.map((entry) => ({ ...entry, walletType: 'software' }))
  const calls: Record<string, (params: Record<string, unknown>) => Promise<unknown>> = {
    getAccounts: async (params) =>
      withType(
        ((await core.handle(ORIGIN, 'getAccounts', params)) as { addresses: ReportedAddress[] })
          .addresses,
      ),
    wallet_getAccount: async () => {
      const held = (await core.handle(ORIGIN, 'wallet_getAccount', {})) as {
        approved: boolean
        addresses: ReportedAddress[]
      }
      if (!held.approved) throw Object.assign(new Error('Access denied'), { code: -32002 })
      return { id: 'test', addresses: withType(held.addresses), walletType: 'software' }
    },
    wallet_disconnect: async () => core.handle(ORIGIN, 'wallet_disconnect', {}),
    signMessage: async (params) => {
      const signed = (await core.handle(ORIGIN, 'signMessage', {
        address: params.address,
        text: params.message,
      })) as { signature: string }
      return { signature: signed.signature, address: params.address, protocol: 'BIP322' }
    },
    signPsbt: async (params) => {
      const signInputs = params.signInputs as Record<string, number[]>
      return core.handle(ORIGIN, 'signPsbt', {
        psbt: params.psbt,
        inputsToSign: Object.entries(signInputs).map(([address, indexes]) => ({
          address,
          indexes,
        })),
      })
    },
  }
  return {
    core,
    async request(method, params) {
      const call = calls[method]
      try {
        if (!call) throw Object.assign(new Error(`unknown ${method}`), { code: -32601 })
        return {
          jsonrpc: '2.0',
          id: '1',
          result: await call((params ?? {}) as Record<string, unknown>),
        }
      } catch (error) {
        const { code, message } = error as { code: number; message: string }
        // sats-connect's USER_REJECTION for a declined request, as Xverse answers it.
        return { jsonrpc: '2.0', id: '1', error: { code: code === 4001 ? -32000 : code, message } }
      }
    },
    addListener(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
