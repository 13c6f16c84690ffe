// Bitcoin networks in CAIP-2 form: `bip122:` + the first 32 hex characters of the genesis block
// hash. No zod here: the page bundle may import these.

/** Bitcoin mainnet (genesis 000000000019d6689c085ae165831e93...). */
export const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93' as const
/** Bitcoin testnet3 (genesis 000000000933ea01ad0ee984209779ba...). */
export const BITCOIN_TESTNET = 'bip122:000000000933ea01ad0ee984209779ba' as const
/** Bitcoin testnet4 (genesis 00000000da84f2bafbbc53dee25a72ae...). */
export const BITCOIN_TESTNET4 = 'bip122:00000000da84f2bafbbc53dee25a72ae' as const
/** Bitcoin's default signet (genesis 00000008819873e925422c1ff0f99f7c...). */
export const BITCOIN_SIGNET = 'bip122:00000008819873e925422c1ff0f99f7c' as const
/** Every regtest chain, the devnet's included (genesis 0f9188f13cb7b2c71f2a335e3a4fc328...). */
export const BITCOIN_REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as const

/**
 * Which address encoding a network takes: mainnet `bc1`/`1`/`3`, the test networks (testnet,
 * testnet4, signet) `tb1`/`m`/`n`/`2`, regtest `bcrt1`/`m`/`n`/`2`.
 */
export type BitcoinNetworkKind = 'mainnet' | 'testnet' | 'regtest'

/** The public Bitcoin networks, with the names wallets show for them. */
export const BITCOIN_PUBLIC_NETWORKS = [
  { caipNetworkId: BITCOIN_MAINNET, name: 'Bitcoin', kind: 'mainnet' },
  { caipNetworkId: BITCOIN_TESTNET, name: 'Bitcoin Testnet', kind: 'testnet' },
  { caipNetworkId: BITCOIN_TESTNET4, name: 'Bitcoin Testnet4', kind: 'testnet' },
  { caipNetworkId: BITCOIN_SIGNET, name: 'Bitcoin Signet', kind: 'testnet' },
] as const

/** The address encoding of a bip122 network, or undefined for a chain this table does not know. */
export function bitcoinNetworkKind(caipNetworkId: string): BitcoinNetworkKind | undefined {
  if (caipNetworkId === BITCOIN_REGTEST) return 'regtest'
  return BITCOIN_PUBLIC_NETWORKS.find((network) => network.caipNetworkId === caipNetworkId)?.kind
}

/** The CAIP-2 id of the Bitcoin network whose genesis block hash (hex) is `genesisHash`. */
export function bitcoinNetworkId(genesisHash: string): `bip122:${string}` {
  return `bip122:${genesisHash.slice(0, 32).toLowerCase()}`
}

/** Satoshis in one bitcoin: BTC has 8 decimals. */
export const SATS_PER_BTC = 100_000_000n
