import type { CaipNetworkId } from '@latch/protocol'

/** CAIP-2 ids of the networks the wallet catalogue names (EVM, Solana, Bitcoin, Polkadot, ...). */
export const NETWORK = {
  ethereum: 'eip155:1',
  optimism: 'eip155:10',
  bnbSmartChain: 'eip155:56',
  gnosis: 'eip155:100',
  polygon: 'eip155:137',
  zkSync: 'eip155:324',
  ronin: 'eip155:2020',
  base: 'eip155:8453',
  arbitrum: 'eip155:42161',
  avalanche: 'eip155:43114',
  sepolia: 'eip155:11155111',
  baseSepolia: 'eip155:84532',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  solanaDevnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  solanaTestnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  bitcoin: 'bip122:000000000019d6689c085ae165831e93',
  bitcoinTestnet: 'bip122:000000000933ea01ad0ee984209779ba',
  polkadot: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  cosmosHub: 'cosmos:cosmoshub-4',
} as const satisfies Record<string, CaipNetworkId>

/** The EVM networks a general-purpose EVM wallet is listed with. */
export const EVM_NETWORKS: CaipNetworkId[] = [
  NETWORK.ethereum,
  NETWORK.optimism,
  NETWORK.bnbSmartChain,
  NETWORK.polygon,
  NETWORK.base,
  NETWORK.arbitrum,
]

/** Names and image labels of the networks `/public/getAssetImage/{caip2}` knows without config. */
export const KNOWN_NETWORKS: { id: CaipNetworkId; name: string; label: string }[] = [
  { id: NETWORK.ethereum, name: 'Ethereum', label: 'ETH' },
  { id: NETWORK.optimism, name: 'OP Mainnet', label: 'OP' },
  { id: NETWORK.bnbSmartChain, name: 'BNB Smart Chain', label: 'BNB' },
  { id: NETWORK.gnosis, name: 'Gnosis', label: 'GNO' },
  { id: NETWORK.polygon, name: 'Polygon', label: 'POL' },
  { id: NETWORK.zkSync, name: 'zkSync Era', label: 'ZK' },
  { id: NETWORK.ronin, name: 'Ronin', label: 'RON' },
  { id: NETWORK.base, name: 'Base', label: 'B' },
  { id: NETWORK.arbitrum, name: 'Arbitrum One', label: 'ARB' },
  { id: NETWORK.avalanche, name: 'Avalanche C-Chain', label: 'AVAX' },
  { id: NETWORK.sepolia, name: 'Sepolia', label: 'SEP' },
  { id: NETWORK.baseSepolia, name: 'Base Sepolia', label: 'BS' },
  { id: NETWORK.solana, name: 'Solana', label: 'SOL' },
  { id: NETWORK.solanaDevnet, name: 'Solana Devnet', label: 'SD' },
  { id: NETWORK.solanaTestnet, name: 'Solana Testnet', label: 'ST' },
  { id: NETWORK.bitcoin, name: 'Bitcoin', label: 'BTC' },
  { id: NETWORK.bitcoinTestnet, name: 'Bitcoin Testnet', label: 'tBTC' },
  { id: NETWORK.polkadot, name: 'Polkadot', label: 'DOT' },
  { id: NETWORK.cosmosHub, name: 'Cosmos Hub', label: 'ATOM' },
]
