import type { Transport } from 'viem'
import type { ApiClient } from '../api/client.ts'
import type { EmbeddedStandIn } from '../embedded/standInConnector.ts'
import type { ResolvedOptions } from '../options/types.ts'
import type { EmbeddedSolanaSource, LinkSolanaAccountDeps } from '../rules/linkSolanaAccount.ts'
import type { LatchStorage } from '../storage/index.ts'
import type { EvmAdapter } from './evm/createEvmAdapter.ts'
import type { TransferTracking } from './trackTransfers.ts'

/** What the kit gives each family it loads. */
export type FamilyDeps = {
  options: ResolvedOptions
  storage: LatchStorage
  api: ApiClient
  /** The Latch server, for its JSON-RPC gateway. */
  serverUrl: string
  fetch?: typeof fetch
  /** Per EVM chain id, how the EVM family reaches the chain (default: the server's gateway). */
  transports?: Record<number, Transport>
  /** The embedded wallet (email and social login), which connects through the EVM family. */
  embedded?: EmbeddedStandIn | undefined
  /** Transactions a family sends itself (beyond transfers) are pending until mined through this. */
  tracking: TransferTracking
  /**
   * The sessions of other families that may hold an account of this one: a WalletConnect session
   * approving several namespaces, the embedded wallet's user (both through the EVM family).
   */
  links?: {
    /** The EVM family, once its code loaded. */
    evm(): Promise<EvmAdapter>
    embedded: EmbeddedSolanaSource | undefined
    account: LinkSolanaAccountDeps['account']
  }
}
