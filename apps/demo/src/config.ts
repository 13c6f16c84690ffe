import type {
  DevnetBitcoinChain,
  DevnetChain,
  DevnetPolkadotChain,
  DevnetSolanaChain,
} from '@latch/protocol'

/** Set at build time by vite.config.ts from the environment and the devnet manifest (validated there). */
declare const __LATCH_DEMO_CONFIG__: DemoConfig

/** The parts of the devnet manifest the page reads: its chains and the WalletConnect relay. */
export type DemoDevnet = {
  chains: Pick<DevnetChain, 'chainId' | 'name' | 'rpcUrl' | 'nativeCurrency'>[]
  solana?: Pick<DevnetSolanaChain, 'caipNetworkId' | 'name' | 'rpcUrl'>
  bitcoin?: Pick<DevnetBitcoinChain, 'caipNetworkId' | 'name' | 'esploraUrl'>
  polkadot?: Pick<
    DevnetPolkadotChain,
    'caipNetworkId' | 'name' | 'wsUrl' | 'ss58Prefix' | 'nativeCurrency'
  >
  walletConnect: { projectId: string; relayUrl: string }
}

export type DemoConfig = {
  serverUrl: string
  projectId: string
  /** The embedded wallet's origin (email and social login). */
  walletFrameUrl: string
  devnet: DemoDevnet | null
}

export const demoConfig: DemoConfig = __LATCH_DEMO_CONFIG__
