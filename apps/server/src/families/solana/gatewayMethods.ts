import type { GatewayMethods } from '../../rpc/methods.ts'

/**
 * Methods the gateway forwards to a Solana chain: account and token reads, fees, blockhashes,
 * signatures and statuses, simulation and already-signed transactions. Left out: program-wide
 * scans (getProgramAccounts, getLargestAccounts) and whole blocks, which cost a node far more
 * than a wallet page needs, and the faucet (requestAirdrop), which is not the page's to drain.
 */
export const SOLANA_ALLOWED_METHODS: ReadonlySet<string> = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getBlockTime',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignaturesForAddress',
  'getSignatureStatuses',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
])

/** A Solana chain's gateway methods: only the genesis hash is an answer that never changes. */
export const solanaMethods: GatewayMethods = {
  allowed: SOLANA_ALLOWED_METHODS,
  localAnswer: () => undefined,
  check: () => undefined,
  isImmutable: (method, result) => method === 'getGenesisHash' && typeof result === 'string',
}
