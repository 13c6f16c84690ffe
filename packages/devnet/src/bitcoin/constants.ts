/** Fixed values of the local Bitcoin chain: regtest's consensus rules and Bitcoin Core's policy. */

/** Default HTTP port of the Bitcoin devnet's Esplora API; 8545-8550 are the other services. */
export const DEFAULT_BITCOIN_PORT = 8555

export const BITCOIN_CHAIN_NAME = 'Latch Bitcoin Devnet'
export const NATIVE_BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

/** `npm start` mines a block every 10 s; tests mine on demand (`POST /latch/mine`). */
export const DEFAULT_BLOCK_INTERVAL_MS = 10_000

/** Regtest's genesis block: the header fields, and its one transaction, as Bitcoin Core has them. */
export const REGTEST_GENESIS = {
  hash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
  version: 1,
  time: 1296688602,
  bits: 0x207fffff,
  nonce: 2,
  coinbaseHex:
    '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000',
} as const

/** Regtest's block subsidy starts at 50 BTC and halves every 150 blocks. */
export const INITIAL_SUBSIDY = 5_000_000_000n
export const HALVING_INTERVAL = 150

/** A coinbase output is spendable once its block is 100 deep (consensus). */
export const COINBASE_MATURITY = 100

/** Consensus: no amount above 21 million BTC. */
export const MAX_MONEY = 21_000_000n * 100_000_000n
/** Consensus: a block's weight limit; a transaction alone cannot exceed it either. */
export const MAX_BLOCK_WEIGHT = 4_000_000

/** Policy: the largest standard transaction (weight units). */
export const MAX_STANDARD_TX_WEIGHT = 400_000
/** Policy: the smallest transaction without its witness (bytes); smaller ones look like a 64-byte Merkle node. */
export const MIN_STANDARD_TX_NONWITNESS_SIZE = 65
/** Policy: the largest scriptSig of a standard input. */
export const MAX_STANDARD_SCRIPTSIG_SIZE = 1650
/** Policy: the largest OP_RETURN output script relayed. */
export const MAX_OP_RETURN_RELAY = 83

/** Policy: -minrelaytxfee's default, 1 sat/vB (1000 sat per kvB). */
export const MIN_RELAY_FEE_PER_KVB = 1_000n
/** Policy: -dustrelayfee's default, 3 sat/vB: an output worth less than spending it costs is dust. */
export const DUST_RELAY_FEE_PER_KVB = 3_000n
/** sendrawtransaction's default maxfeerate: 0.10 BTC/kvB, so a fee typo is refused. */
export const MAX_FEE_RATE_PER_KVB = 10_000_000n

/**
 * The fee estimates `/fee-estimates` answers (confirmation target in blocks: sat/vB). A devnet's
 * mempool is nearly empty, so fixed rates stand in for what a busy network would estimate; they
 * are apart enough for a slow, a normal and a fast choice to differ.
 */
export const FEE_ESTIMATES: Readonly<Record<number, number>> = {
  1: 25.1,
  2: 20.3,
  3: 15.2,
  4: 12.4,
  5: 10.9,
  6: 10.1,
  8: 8.2,
  10: 6.7,
  12: 5.3,
  15: 4.4,
  20: 3.2,
  25: 2.6,
  144: 1.5,
  504: 1.1,
  1008: 1.0,
}

/** How many accounts are derived and funded (as the EVM and Solana devnets' ten). */
export const BITCOIN_ACCOUNT_COUNT = 10
/** Each account's payment address starts with one matured coin of 10 BTC... */
export const PAYMENT_FUNDING_SATS = 1_000_000_000n
/** ...and its ordinals address with 100,000 sats (where inscriptions would sit). */
export const ORDINALS_FUNDING_SATS = 100_000n

/**
 * Seed text (SHA-256) of the miner's key: it receives every coinbase after the funding ones and
 * pays the faucet. Public, for a devnet only.
 */
export const MINER_SEED_TEXT = 'latch bitcoin devnet miner'
/** Largest faucet payment one request may ask for, so a typo cannot drain it: 100 BTC. */
export const MAX_FAUCET_SATS = 10_000_000_000n
/** Most blocks one mine call may ask for. */
export const MAX_MINE_BLOCKS = 1000
/** Esplora pages: 25 confirmed transactions per page, up to 50 from the mempool. */
export const CHAIN_TXS_PER_PAGE = 25
export const MEMPOOL_TXS_PER_PAGE = 50
