// Solana networks in CAIP-2 form: `solana:` + the first 32 characters of the base58 genesis hash.
// No zod here: the page bundle may import these.

/** Solana mainnet-beta (genesis 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d). */
export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const
/** Solana's public devnet (genesis EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG). */
export const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' as const
/** Solana's public testnet (genesis 4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY). */
export const SOLANA_TESTNET = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z' as const

/** The three public Solana networks, with the names wallets show for them. */
export const SOLANA_PUBLIC_NETWORKS = [
  { caipNetworkId: SOLANA_MAINNET, name: 'Solana' },
  { caipNetworkId: SOLANA_DEVNET, name: 'Solana Devnet' },
  { caipNetworkId: SOLANA_TESTNET, name: 'Solana Testnet' },
] as const

/** The CAIP-2 id of the Solana network whose genesis hash (base58) is `genesisHash`. */
export function solanaNetworkId(genesisHash: string): `solana:${string}` {
  return `solana:${genesisHash.slice(0, 32)}`
}
