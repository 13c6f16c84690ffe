import type { FastifyBaseLogger } from 'fastify'
import type { ChainClient } from '../chains/clients.ts'
import type { Database, Queryable } from '../db/index.ts'
import type { SolanaChainClient } from '../families/solana/clients.ts'
import type { PaymasterService } from '../paymaster/service.ts'
import type { ProjectStore } from '../projects.ts'
import type { RedisConnection } from '../redis/connection.ts'
import type { CodeHasher } from './codes.ts'
import type { KeyVault } from './keys.ts'
import type { WalletMailer } from './mailer.ts'
import type { SmartAccountChain } from './smartAccount/chains.ts'

/** What every part of the embedded wallet's server side shares, built once per frame app. */
export type EmbeddedContext = {
  db: Database
  vault: KeyVault
  codes: CodeHasher
  mailer: WalletMailer
  chains: Map<number, ChainClient>
  /** The EVM chains where users get a smart account (a bundler and the factory), by chain id. */
  smartAccounts: ReadonlyMap<number, SmartAccountChain>
  /**
   * The server's paymaster service (as behind POST /v1/paymaster), when it sponsors on some
   * chain: a project's policy may pay its visitors' smart account operations.
   */
  sponsor?: PaymasterService | undefined
  /** The configured Solana chains by CAIP-2 id, in config order: solana_* calls go to one. */
  solanaChains: ReadonlyMap<string, SolanaChainClient>
  projects: ProjectStore
  /** The clock every rule reads (expiry, cooldown): injectable, so tests need no sleeps. */
  now: () => Date
  sessionTtlMs: number
  /** The frame's public origin, e.g. `http://127.0.0.1:8788` (known once it listens). */
  frameUrl: () => string
  /** How long one long poll (device approval, social result) waits at most. */
  longPollMs: number
  /** Aborted when the app closes: long polls end at once. */
  closing: AbortSignal
  log: FastifyBaseLogger
  /** Where the per-IP login limits are shared by every instance (each counts alone without it). */
  redis?: RedisConnection | undefined
}

/**
 * Serializes the writers of one email's (or identity's) rows, such as login starts and user
 * creation, across server instances: a transaction-scoped advisory lock on the name's hash.
 */
export async function lockKey(tx: Queryable, name: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [name])
}
