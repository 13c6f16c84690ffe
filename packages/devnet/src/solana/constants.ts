/** Fixed values of the local Solana chain: the same on every start, like anvil's. */

/** Default HTTP (and WebSocket) port of the Solana devnet; 8545-8549 are the other services. */
export const DEFAULT_SOLANA_PORT = 8550

export const SOLANA_CHAIN_NAME = 'Latch Solana Devnet'

/**
 * Text whose SHA-256 is the chain's genesis hash: fixed, so the CAIP-2 id
 * (`solana:<first 32 base58 characters>`) is the same on every start.
 */
export const GENESIS_SEED_TEXT = 'latch solana devnet genesis'

/** Solana's fee per signature (lamports), as on mainnet; the runtime charges this. */
export const LAMPORTS_PER_SIGNATURE = 5000n

export const LAMPORTS_PER_SOL = 1_000_000_000n

/**
 * How many blocks a blockhash stays usable, as a real cluster's MAX_PROCESSING_AGE: a client that
 * fetched one and signs within about a minute gets its transaction in, an older one is refused.
 */
export const BLOCKHASH_VALID_BLOCKS = 150

/** A real cluster's target slot time: block height moves with the clock even when idle. */
export const DEFAULT_SLOT_MS = 400

/**
 * How many accounts are derived and funded: the browser tests share one chain and give each spec
 * accounts of its own, so there are more than the EVM devnet's ten.
 */
export const SOLANA_ACCOUNT_COUNT = 16

/** Each devnet account starts with 1,000 SOL and 100,000 USDC. */
export const ACCOUNT_SOL = 1_000n * LAMPORTS_PER_SOL
export const ACCOUNT_USDC = 100_000n * 1_000_000n

/** The faucet that pays airdrops and the start-up funding: 500 million SOL at genesis. */
export const FAUCET_LAMPORTS = 500_000_000n * LAMPORTS_PER_SOL
/** Largest airdrop one request may ask for, so a typo cannot drain the faucet. */
export const MAX_AIRDROP_LAMPORTS = 1_000_000n * LAMPORTS_PER_SOL

/**
 * Seeds (SHA-256 of these texts) of the fixed keypairs: the faucet, and the USDC mint and its
 * authority. Public, for a devnet only.
 */
export const FAUCET_SEED_TEXT = 'latch solana devnet faucet'
export const USDC_MINT_SEED_TEXT = 'latch solana devnet usdc mint'
export const USDC_AUTHORITY_SEED_TEXT = 'latch solana devnet usdc authority'

export const USDC = { symbol: 'USDC', name: 'USD Coin', decimals: 6 } as const
export const NATIVE_SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

export {
  ASSOCIATED_TOKEN_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  MEMO_PROGRAM,
  MEMO_V1_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from '@latch/protocol/solana-programs'

/** The solana-core version getVersion reports: the runtime litesvm 1.5 embeds is of this line. */
export const SOLANA_CORE_VERSION = '3.0.0'
/** An account's rentEpoch once rent-exempt, as a real node reports it (u64::MAX). */
export const RENT_EXEMPT_EPOCH = 18446744073709551615n
