import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { POLKADOT_WALLET_METHODS } from './polkadotRequests.ts'
import { SOLANA_WALLET_METHODS } from './solanaRequests.ts'

/** What the wallet offers in every session it approves. */
export const WALLET_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const

export const WALLET_EVENTS = ['accountsChanged', 'chainChanged'] as const

/** `eip155:<id>`. */
export const caip2 = (chainId: number) => `eip155:${chainId}`

/** `eip155:<id>:<address>`. */
export const caip10 = (chainId: number, address: string) => `eip155:${chainId}:${address}`

/** The CAIP-2 chains a proposal names, whether as a namespace's `chains` or as its key. */
function chainsOf(namespaces: ProposalTypes.RequiredNamespaces | undefined): string[] {
  const chains: string[] = []
  for (const [key, namespace] of Object.entries(namespaces ?? {})) {
    for (const chain of key.includes(':') ? [key] : (namespace.chains ?? [])) {
      if (!chains.includes(chain)) chains.push(chain)
    }
  }
  return chains
}

/** The chains a proposal requires and the ones it would also take, CAIP-2, in its order. */
export function requestedChains(proposal: ProposalTypes.Struct): {
  required: string[]
  optional: string[]
} {
  return {
    required: chainsOf(proposal.requiredNamespaces),
    optional: chainsOf(proposal.optionalNamespaces),
  }
}

/** The eip155 chain id of a CAIP-2 id, or undefined for another namespace or a malformed one. */
export function eip155ChainId(chain: string): number | undefined {
  const match = /^eip155:(\d+)$/.exec(chain)
  return match ? Number(match[1]) : undefined
}

/** Whether a CAIP-2 id is in the `solana` namespace. */
export const isSolanaChain = (chain: string) => /^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(chain)

/** Whether a CAIP-2 id is in the `polkadot` namespace (a genesis hash prefix of 32 hex digits). */
export const isPolkadotChain = (chain: string) => /^polkadot:[0-9a-f]{32}$/.test(chain)

/** The wallet's Solana side in a session: its CAIP-2 chains and its base58 address. */
export type SolanaSession = { chains: readonly string[]; address: string }

/** The wallet's Polkadot side in a session: its CAIP-2 chains and its SS58 address. */
export type PolkadotSession = { chains: readonly string[]; address: string }

/**
 * The session namespaces the wallet settles or updates to. eip155: `chains` in the given order
 * (active first), the active account on each of them; solana (when the session has Solana
 * chains): `solana:<ref>:<address>` on each; polkadot likewise. Every method and event the wallet
 * supports.
 */
export function sessionNamespaces(
  chains: readonly number[],
  address: string,
  solana?: SolanaSession,
  polkadot?: PolkadotSession,
): SessionTypes.Namespaces {
  const namespaces: SessionTypes.Namespaces = {}
  if (chains.length > 0) {
    namespaces.eip155 = {
      chains: chains.map(caip2),
      accounts: chains.map((chainId) => caip10(chainId, address)),
      methods: [...WALLET_METHODS],
      events: [...WALLET_EVENTS],
    }
  }
  if (solana && solana.chains.length > 0) {
    namespaces.solana = {
      chains: [...solana.chains],
      accounts: solana.chains.map((chain) => `${chain}:${solana.address}`),
      methods: [...SOLANA_WALLET_METHODS],
      events: [...WALLET_EVENTS],
    }
  }
  if (polkadot && polkadot.chains.length > 0) {
    namespaces.polkadot = {
      chains: [...polkadot.chains],
      accounts: polkadot.chains.map((chain) => `${chain}:${polkadot.address}`),
      methods: [...POLKADOT_WALLET_METHODS],
      events: ['accountsChanged'],
    }
  }
  return namespaces
}
