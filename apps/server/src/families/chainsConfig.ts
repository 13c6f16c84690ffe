import type { DevnetManifest } from '@latch/protocol'
import { z } from 'zod'
import type { ChainConfig } from '../chains/chainConfig.ts'
import {
  type BitcoinChainConfig,
  bitcoinChainEntry,
  bitcoinChainsOfDevnet,
  withBitcoinNetwork,
} from './bitcoin/config.ts'
import { chainsOfDevnet, evmChainEntry } from './evm/config.ts'
import {
  type PolkadotChainConfig,
  polkadotChainConfig,
  polkadotChainsOfDevnet,
} from './polkadot/config.ts'
import { type SolanaChainConfig, solanaChainConfig, solanaChainsOfDevnet } from './solana/config.ts'

/**
 * One LATCH_CHAINS entry, named by its family: `"family": "solana"`, `"bip122"` (Bitcoin),
 * `"polkadot"`, or `"eip155"`, the default, so an EVM entry written before there were families
 * still reads the same.
 */
export const chainEntry = z.preprocess(
  (value) =>
    value && typeof value === 'object' && !('family' in value)
      ? { ...value, family: 'eip155' }
      : value,
  z.discriminatedUnion('family', [
    evmChainEntry,
    solanaChainConfig,
    bitcoinChainEntry,
    polkadotChainConfig,
  ]),
)
export type ChainEntry = z.infer<typeof chainEntry>

/** The networks the server serves, one list per family, each in LATCH_CHAINS's order. */
export type FamilyChainsConfig = {
  /** The EVM chains. */
  chains: ChainConfig[]
  /** The Solana chains, by CAIP-2 id in their config. */
  solanaChains: SolanaChainConfig[]
  /** The Bitcoin networks, each read through its Esplora API. */
  bitcoinChains: BitcoinChainConfig[]
  /** The Polkadot (Substrate) networks, each read through its WebSocket JSON-RPC. */
  polkadotChains: PolkadotChainConfig[]
}

/** LATCH_CHAINS split by family, or the devnet's chains of every family when it is unset. */
export function familyChainsOf(
  entries: ChainEntry[] | undefined,
  manifest: DevnetManifest | undefined,
): FamilyChainsConfig {
  if (!entries)
    return {
      chains: manifest ? chainsOfDevnet(manifest) : [],
      solanaChains: manifest ? solanaChainsOfDevnet(manifest) : [],
      bitcoinChains: manifest ? bitcoinChainsOfDevnet(manifest) : [],
      polkadotChains: manifest ? polkadotChainsOfDevnet(manifest) : [],
    }
  const of = <Family extends ChainEntry['family']>(family: Family) =>
    entries.filter(
      (entry): entry is Extract<ChainEntry, { family: Family }> => entry.family === family,
    )
  return {
    chains: of('eip155').map(({ family: _family, ...evm }) => evm),
    solanaChains: of('solana'),
    // Every entry here has its network: bitcoinChainEntry refused those that do not.
    bitcoinChains: of('bip122').flatMap((entry) => withBitcoinNetwork(entry) ?? []),
    polkadotChains: of('polkadot'),
  }
}

/** How many networks the server serves, of every family. */
export function servedChainCount(config: FamilyChainsConfig): number {
  return (
    config.chains.length +
    config.solanaChains.length +
    config.bitcoinChains.length +
    config.polkadotChains.length
  )
}
