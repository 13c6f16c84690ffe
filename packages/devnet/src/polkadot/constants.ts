/** Fixed values of the local Polkadot chain: the same on every start. */

/** Default WebSocket (and HTTP JSON-RPC) port of the Polkadot devnet, Substrate's usual one. */
export const DEFAULT_POLKADOT_PORT = 9944

export const POLKADOT_CHAIN_NAME = 'Latch Polkadot Devnet'

/** Each devnet account holds this much at start: 10,000 ROC (12 decimals). */
export const POLKADOT_FUNDING_PLANCK = 10_000n * 10n ** 12n

/**
 * The devnet's accounts: Substrate's dev accounts (`//Alice` ... on the dev phrase) as sr25519,
 * which wallets and polkadot.js know by these names, plus ed25519 and ecdsa keys of the same
 * derivations so sign-in can be checked with every scheme a wallet may use.
 */
export const POLKADOT_DEV_ACCOUNTS = [
  { name: 'Alice', suri: '//Alice', type: 'sr25519' },
  { name: 'Bob', suri: '//Bob', type: 'sr25519' },
  { name: 'Charlie', suri: '//Charlie', type: 'sr25519' },
  { name: 'Dave', suri: '//Dave', type: 'sr25519' },
  { name: 'Eve', suri: '//Eve', type: 'sr25519' },
  { name: 'Ferdie', suri: '//Ferdie', type: 'sr25519' },
  { name: 'Alice (ed25519)', suri: '//Alice', type: 'ed25519' },
  { name: 'Bob (ed25519)', suri: '//Bob', type: 'ed25519' },
  { name: 'Alice (ecdsa)', suri: '//Alice', type: 'ecdsa' },
] as const

/** How long the chain may take to boot its runtime and listen; about 3 s on a free core. */
export const POLKADOT_START_TIMEOUT_MS = 60_000
