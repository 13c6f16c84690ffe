import type {
  WalletConnectConnectorOptions,
  WalletConnectProposalNamespace,
} from '../../../options/walletConnectClient.ts'

/** Methods the kit may ask a WalletConnect wallet for; the wallet approves the subset it supports. */
const METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
]
const EVENTS = ['chainChanged', 'accountsChanged']
/** Solana and Polkadot wallets tell another account with accountsChanged; they have no chainChanged. */
const LINKED_EVENTS = ['accountsChanged']

/** The Solana methods the kit asks for: signing messages and transactions, sending them. */
export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
]

/** The Polkadot methods the kit asks for, as WalletConnect's Polkadot RPC names them. */
export const POLKADOT_METHODS = ['polkadot_signTransaction', 'polkadot_signMessage']

/**
 * What a pairing asks the wallet for: eip155 on the site's EVM chains, and solana and polkadot
 * when the site has networks of those families. Every namespace optional, as WalletConnect
 * recommends: a wallet approves what it serves.
 */
export function requestedNamespaces(
  chainIds: readonly number[],
  site: Pick<WalletConnectConnectorOptions, 'rpcUrl' | 'solanaChains' | 'polkadotChains'>,
): Record<string, WalletConnectProposalNamespace> {
  const solanaChains = site.solanaChains ?? []
  const polkadotChains = site.polkadotChains ?? []
  return {
    eip155: {
      chains: chainIds.map((id) => `eip155:${id}`),
      methods: METHODS,
      events: EVENTS,
      rpcMap: Object.fromEntries(chainIds.map((id) => [String(id), site.rpcUrl(id)])),
    },
    ...(solanaChains.length > 0
      ? { solana: { chains: [...solanaChains], methods: SOLANA_METHODS, events: LINKED_EVENTS } }
      : {}),
    ...(polkadotChains.length > 0
      ? {
          polkadot: {
            chains: [...polkadotChains],
            methods: POLKADOT_METHODS,
            events: LINKED_EVENTS,
          },
        }
      : {}),
  }
}
