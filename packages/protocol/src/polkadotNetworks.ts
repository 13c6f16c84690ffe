// Polkadot (Substrate) networks in CAIP-2 form: `polkadot:` + the first 32 hex characters of the
// genesis block hash, without 0x. No zod here: the page bundle may import these.

/** Polkadot relay chain (genesis 0x91b171bb158e2d3848fa23a9f1c25182...). */
export const POLKADOT_MAINNET = 'polkadot:91b171bb158e2d3848fa23a9f1c25182' as const
/** Kusama relay chain (genesis 0xb0a8d493285c2df73290dfb7e61f870f...). */
export const KUSAMA_MAINNET = 'polkadot:b0a8d493285c2df73290dfb7e61f870f' as const
/** Polkadot Asset Hub (genesis 0x68d56f15f85d3136970ec16946040bc1...). */
export const POLKADOT_ASSET_HUB = 'polkadot:68d56f15f85d3136970ec16946040bc1' as const

/** The CAIP-2 id of the Substrate chain whose genesis block hash (hex, 0x or not) is `genesisHash`. */
export function polkadotNetworkId(genesisHash: string): `polkadot:${string}` {
  return `polkadot:${genesisHash.replace(/^0x/, '').slice(0, 32).toLowerCase()}`
}

/** Whether `value` is a `polkadot:` CAIP-2 id (32 lowercase hex characters after the namespace). */
export function isPolkadotNetworkId(value: string): value is `polkadot:${string}` {
  return /^polkadot:[0-9a-f]{32}$/.test(value)
}

/** The SS58 prefix a chain without `ss58Format` in its properties takes (Substrate's default). */
export const DEFAULT_SS58_PREFIX = 42
