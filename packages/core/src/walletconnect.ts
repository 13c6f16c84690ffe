import type { WalletConnectOptions } from './options/types.ts'

/**
 * WalletConnect for `createLatch`: phone wallets by QR code and deep link, through any relay that
 * speaks WalletConnect's protocol (Latch's own devnet runs one). Its client is the package
 * `@walletconnect/universal-provider`, which a site installs to offer WalletConnect; the page loads
 * it when a visitor first picks a phone wallet or a stored session comes back, never before. A
 * site that does not import this module does not need the package at all.
 * @example
 * import { walletConnect } from '@latch/core/walletconnect'
 * createLatch({ ...options, walletConnect: walletConnect({ projectId: 'latch-dev', relayUrl: 'ws://127.0.0.1:8547' }) })
 */
export function walletConnect(options: {
  /** The project id the relay expects. */
  projectId: string
  /** The relay's WebSocket URL; default the public WalletConnect relay. */
  relayUrl?: string
}): WalletConnectOptions {
  return {
    ...options,
    loadClient: async () =>
      (await import('./chains/evm/walletconnect/provider.ts')).initWalletConnectProvider,
  }
}

export type { WalletConnectOptions }
