import { generateKeyPairSync } from 'node:crypto'
import { encodeBase58 } from '@latch/protocol/solana'
import { createSolanaWalletCore, type SolanaWalletCore } from '@latch/test-wallet/solana-core'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))

/** A fresh Solana secret key in base58 (seed then public key), as wallets export one. */
export function newSolanaSecretKey(): string {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32)
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return encodeBase58(new Uint8Array([...seed, ...raw]))
}

/**
 * The test wallet's Node core (keys, approvals, consent) as a Wallet Standard wallet seen from
 * `origin`, without a browser: what the page script of @latch/test-wallet does in a page.
 */
export function createTestSolanaWallet(options: {
  name: string
  chains: readonly `${string}:${string}`[]
  origin?: string
}): Wallet & {
  core: SolanaWalletCore
  /** Emits `change` with `accounts`, as a wallet does when the visitor picks another account. */
  announce(accounts: readonly WalletAccount[]): void
} {
  const origin = options.origin ?? 'http://127.0.0.1:5173'
  const listeners = new Set<(properties: { accounts: readonly WalletAccount[] }) => void>()
  const core = createSolanaWalletCore(
    // No transaction is sent in these tests: the RPC URL is never reached.
    { secretKey: newSolanaSecretKey(), rpcUrl: 'http://127.0.0.1:9', chains: options.chains },
    async () => {
      for (const listener of listeners) listener({ accounts: accounts() })
    },
  )
  const account: WalletAccount = {
    address: core.address,
    publicKey: core.publicKey,
    chains: options.chains,
    features: ['solana:signMessage'],
  }
  const accounts = () => (core.stateFor(origin).approved ? [account] : [])
  const call = (method: string, params: Record<string, unknown>) =>
    core.handle(origin, method, params) as Promise<Record<string, string>>
  return {
    core,
    announce(shown) {
      for (const listener of listeners) listener({ accounts: shown })
    },
    version: '1.0.0',
    name: options.name,
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: options.chains,
    get accounts() {
      return accounts()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          await call('standard:connect', input?.silent ? { silent: true } : {})
          return { accounts: accounts() }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          await call('standard:disconnect', {})
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (
          _event: 'change',
          listener: (properties: { accounts: readonly WalletAccount[] }) => void,
        ) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: { account: WalletAccount; message: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async (input) => {
              const signed = await call('solana:signMessage', {
                account: input.account.address,
                message: base64(input.message),
              })
              return {
                signedMessage: bytes(signed.signedMessage ?? ''),
                signature: bytes(signed.signature ?? ''),
              }
            }),
          ),
      },
    },
  }
}
