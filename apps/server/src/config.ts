import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import {
  DEFAULT_NAMES_ZONE,
  type DevnetManifest,
  devnetManifest,
  type OnrampProviderId,
} from '@latch/protocol'
import { z } from 'zod'
import { evmAddress } from './chains/chainConfig.ts'
import { DEFAULT_UPSTREAM_SLOTS, type UpstreamSlotLimits } from './chains/upstreamSlots.ts'
import { REDIS_TIMEOUT_MS, RPC_TIMEOUT_MS } from './constants.ts'
import type { DatabaseConfig } from './db/config.ts'
import type { EmbeddedConfig, FarcasterConfig } from './embedded/config.ts'
import { FARCASTER_RELAY_URL, SESSION_TTL_HOURS } from './embedded/constants.ts'
import { isMasterKeyHex } from './embedded/masterKey.ts'
import { socialProvidersFromEnv } from './embedded/social/index.ts'
import { ConfigError } from './errors.ts'
import { chainEntry, type FamilyChainsConfig, familyChainsOf } from './families/chainsConfig.ts'
import type { IndexerConfig } from './indexer/config.ts'
import { NAMES_WRITES_PER_MINUTE } from './names/constants.ts'
import type { FetchPolicy } from './nfts/fetchLimited.ts'
import type { OnrampConfig } from './onramp/config.ts'
import {
  COINBASE_ONRAMP_URL,
  DEFAULT_USD_PER_EUR,
  FAILPOINTS,
  MELD_ONRAMP_URL,
  PAY_ATTEMPTS_PER_MINUTE,
} from './onramp/constants.ts'
import { repoRoot, runsFromSource } from './paths.ts'
import { SPONSORSHIP_CLIENT_SHARE_PERCENT } from './paymaster/constants.ts'
import { BUDGET_PERIODS, type SponsorshipPolicy } from './paymaster/policy.ts'
import type { RpcConfig } from './rpc/config.ts'
import { parseTrustProxy, type TrustProxy } from './trustProxy.ts'

/** The installed server's data folder, in the folder it is started from: PGlite's files, the dev key. */
export const PACKAGE_DATA_FOLDER = 'latch-data'

const defaultPaths = runsFromSource
  ? {
      dataDir: () => path.join(repoRoot, '.data'),
      frameDir: path.join(repoRoot, 'packages/wallet-frame/dist'),
      dashboardDir: path.join(repoRoot, 'apps/dashboard/dist'),
    }
  : {
      // Resolved when the configuration is read, against the folder the owner started it from.
      dataDir: () => path.resolve(PACKAGE_DATA_FOLDER),
      frameDir: path.join(import.meta.dirname, 'pages/wallet-frame'),
      dashboardDir: path.join(import.meta.dirname, 'pages/dashboard'),
    }

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
)

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default(defaultPaths.dataDir),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|pglite:)/, 'DATABASE_URL must start with postgres:// or pglite:')
    .optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_TIMEOUT_MS: z.coerce.number().int().positive().default(REDIS_TIMEOUT_MS),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value)
      if (typeof parsed === 'object' && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error })
        return z.NEVER
      }
      return parsed
    }),
  PRICE_API_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  CORS_ORIGINS: commaList.default(['http://127.0.0.1:5173', 'http://localhost:5173']),
  LATCH_CHAINS: z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'LATCH_CHAINS must be JSON' })
        return z.NEVER
      }
    })
    .pipe(z.array(chainEntry))
    .optional(),
  DEVNET_MANIFEST: z.string().optional(),
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(RPC_TIMEOUT_MS),
  RPC_RATE_LIMIT: z.coerce.number().positive().default(500),
  NFT_METADATA_HOSTS: commaList.default([]),
  NFT_IPFS_GATEWAY: z.string().url('NFT_IPFS_GATEWAY must be a URL').optional(),
  NFT_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  UPSTREAM_MAX_IN_FLIGHT: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_UPSTREAM_SLOTS.maxInFlight),
  UPSTREAM_MAX_QUEUED: z.coerce.number().int().min(0).default(DEFAULT_UPSTREAM_SLOTS.maxQueued),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().positive().default(180),
  ANALYTICS_RATE_LIMIT: z.coerce.number().positive().default(50),
  DEV_PROJECT_ID: z.string().default('latch-dev'),
  DEV_PROJECT_ORIGINS: commaList.optional(),
  ALLOW_LOCALHOST: z
    .enum(['true', 'false', '1', '0'], 'ALLOW_LOCALHOST must be true or false')
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  INDEXER_ENABLED: z
    .enum(['true', 'false', '1', '0'], 'INDEXER_ENABLED must be true or false')
    .transform((value) => value === 'true' || value === '1')
    .default(true),
  INDEXER_POLL_MS: z.coerce.number().int().positive().default(1000),
  INDEXER_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  NODE_ENV: z.string().optional(),
  FRAME_PORT: z.coerce.number().int().min(0).max(65535).default(8788),
  FRAME_HOST: z.string().min(1).optional(),
  FRAME_URL: z
    .string()
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol), 'FRAME_URL must be http(s)')
    .transform((value) => new URL(value).origin)
    .optional(),
  WALLET_MASTER_KEY: z
    .string()
    .refine(isMasterKeyHex, 'WALLET_MASTER_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  WALLET_FRAME_DIR: z.string().default(defaultPaths.frameDir),
  LATCH_ADMIN_TOKEN: z
    .string()
    .min(16, 'LATCH_ADMIN_TOKEN must be at least 16 characters (use a long random string)')
    .max(512, 'LATCH_ADMIN_TOKEN is at most 512 characters')
    .optional(),
  DASHBOARD_DIR: z.string().default(defaultPaths.dashboardDir),
  MAIL_FROM: z.string().min(1).default('Latch <no-reply@latch.local>'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(SESSION_TTL_HOURS),
  LATCH_FARCASTER_RELAY_URL: z.string().url().optional(),
  LATCH_OPTIMISM_RPC_URL: z.string().url().optional(),
  NAMES_ZONE: z
    .string()
    .transform((value) => value.toLowerCase())
    .refine(isDnsName, 'NAMES_ZONE must be a DNS name such as latch.id')
    .default(DEFAULT_NAMES_ZONE),
  NAMES_WRITES_PER_MINUTE: z.coerce.number().int().positive().default(NAMES_WRITES_PER_MINUTE),
  ONRAMP_COINBASE_APP_ID: z.string().min(1).optional(),
  ONRAMP_COINBASE_URL: z.string().url().default(COINBASE_ONRAMP_URL),
  ONRAMP_MELD_PUBLIC_KEY: z.string().min(1).optional(),
  ONRAMP_MELD_URL: z.string().url().default(MELD_ONRAMP_URL),
  ONRAMP_SANDBOX: z
    .enum(['true', 'false', '1', '0'], 'ONRAMP_SANDBOX must be true or false')
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  ONRAMP_SANDBOX_TREASURY_KEY: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'ONRAMP_SANDBOX_TREASURY_KEY must be 64 hex characters')
    .transform((value) => `0x${value.replace(/^0x/, '').toLowerCase()}` as `0x${string}`)
    .optional(),
  ONRAMP_USD_PER_EUR: z.coerce.number().positive().default(DEFAULT_USD_PER_EUR),
  ONRAMP_PAY_ATTEMPTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive()
    .default(PAY_ATTEMPTS_PER_MINUTE),
  LATCH_FAILPOINT: z.enum(FAILPOINTS).optional(),
  PAYMASTER_SIGNER_KEY: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'PAYMASTER_SIGNER_KEY must be 64 hex characters')
    .transform((value) => `0x${value.replace(/^0x/, '').toLowerCase()}` as `0x${string}`)
    .optional(),
  SPONSORSHIP_ENABLED: z
    .enum(['true', 'false', '1', '0'], 'SPONSORSHIP_ENABLED must be true or false')
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  SPONSORSHIP_BUDGET_WEI: weiAmount('SPONSORSHIP_BUDGET_WEI').optional(),
  SPONSORSHIP_PERIOD: z
    .enum(BUDGET_PERIODS, 'SPONSORSHIP_PERIOD must be day, week or month')
    .default('month'),
  SPONSORSHIP_TARGETS: commaList
    .pipe(z.array(evmAddress))
    .transform((targets) => targets.map((target) => target.toLowerCase() as `0x${string}`))
    .optional(),
  SPONSORSHIP_VISITOR_DAILY_WEI: weiAmount('SPONSORSHIP_VISITOR_DAILY_WEI').optional(),
})

/** A whole number of wei written in the environment (digits only), as a bigint. */
function weiAmount(name: string) {
  return z
    .string()
    .regex(/^\d{1,78}$/, `${name} must be a whole number of wei`)
    .transform((value) => BigInt(value))
}

/** Dot-separated DNS labels: letters, digits and inner hyphens, 63 each; room left for a name's label. */
function isDnsName(value: string): boolean {
  return (
    value.length <= 189 &&
    value.split('.').every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label))
  )
}

/** The server's configuration: its own settings, and the networks of every family it serves. */
export type Config = FamilyChainsConfig & {
  port: number
  host: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  database: DatabaseConfig
  redisUrl: string | undefined
  /** How long any Redis call may take (REDIS_TIMEOUT_MS); past it the server goes on without Redis. */
  redisTimeoutMs: number
  /**
   * The proxies whose X-Forwarded-For names the client (TRUST_PROXY: off, a hop count, or proxy
   * IPs/CIDRs); off by default, so a visitor's own header cannot change the IP limits count.
   */
  trustProxy: TrustProxy
  /** A price API speaking CoinGecko's `/simple/...` shape; unset: the chains' Uniswap V2 pools. */
  priceApiUrl: string | undefined
  smtpUrl: string | undefined
  corsOrigins: string[]
  rpc: RpcConfig
  /**
   * Calls one upstream (an RPC URL, an Esplora API, the price API, an NFT host, a Polkadot node)
   * may have running (UPSTREAM_MAX_IN_FLIGHT) and waiting (UPSTREAM_MAX_QUEUED, each at most
   * RPC_TIMEOUT_MS); past them a call is turned away at once (a 503 where a chain read fails).
   */
  upstreamSlots: UpstreamSlotLimits
  devProject: { id: string; allowedOrigins: string[] } | undefined
  /** Every project accepts `http://localhost:*` and `http://127.0.0.1:*` pages (development). */
  allowLocalhost: boolean
  /**
   * The kit's usage and error events: how many days they are kept (ANALYTICS_RETENTION_DAYS) and
   * how many one IP may send in any one second (ANALYTICS_RATE_LIMIT).
   */
  analytics: { retentionDays: number; eventsPerSecond: number }
  indexer: IndexerConfig
  /** The embedded wallet (email and social login), served on its own origin: the frame's. */
  embedded: EmbeddedConfig
  /**
   * Names: the zone they are registered under (NAMES_ZONE, default latch.id), and how
   * many registrations and signed updates one IP may send a minute (NAMES_WRITES_PER_MINUTE).
   */
  names: { zone: string; writesPerMinute: number }
  onramp: OnrampConfig
  /**
   * The owner's dashboard (/dashboard): the admin token that logs in (LATCH_ADMIN_TOKEN; unset, the
   * login is off) and the built page (DASHBOARD_DIR).
   */
  dashboard: { adminToken: string | undefined; pageDir: string }
  /**
   * Sponsored gas: the key POST /v1/paymaster signs with (PAYMASTER_SIGNER_KEY, else outside
   * production the devnet manifest's); unset, nothing is sponsored.
   */
  paymaster: { signerKey: `0x${string}` } | undefined
  /**
   * The dev project's sponsorship policy from SPONSORSHIP_* (written at start over the stored
   * one); unset when none of them is set, which leaves the stored policy as it is.
   */
  devSponsorship: SponsorshipPolicy | undefined
  /**
   * Where NFT metadata and images may be read from: the hosts in NFT_METADATA_HOSTS (and
   * NFT_IPFS_GATEWAY's, for ipfs:// URLs); outside production loopback too (the devnet's).
   */
  nftFetch: FetchPolicy
}

export type { ChainConfig, TokenConfig } from './chains/chainConfig.ts'
export type { EmbeddedConfig, FarcasterConfig } from './embedded/config.ts'
export { bitcoinChainsOfDevnet } from './families/bitcoin/config.ts'
export { chainsOfDevnet } from './families/evm/config.ts'
export { polkadotChainsOfDevnet } from './families/polkadot/config.ts'
export { solanaChainsOfDevnet } from './families/solana/config.ts'
export type { OnrampConfig } from './onramp/config.ts'
export { ConfigError, repoRoot, runsFromSource }

/** Reads the server's configuration from environment variables; throws a ConfigError naming every bad one. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const vars = parsed.data
  const production = vars.NODE_ENV === 'production'
  if (production && !vars.WALLET_MASTER_KEY)
    throw new ConfigError(
      'Invalid configuration:\nWALLET_MASTER_KEY: required in production (64 hex characters)',
    )
  // The devnet's manifest names its chains, and in development its mail catcher and OIDC provider.
  const manifest =
    !vars.LATCH_CHAINS || !production
      ? readDevnetManifest(vars.DEVNET_MANIFEST, vars.DATA_DIR)
      : undefined
  const devServices = production ? undefined : manifest
  const onramp = onrampConfigOf(vars, production, devServices)
  const smtpUrl = vars.SMTP_URL ?? devServices?.mail?.smtpUrl
  const url = vars.DATABASE_URL
  const database: Config['database'] =
    url && !url.startsWith('pglite:')
      ? { dialect: 'postgres', url }
      : {
          dialect: 'pglite',
          dataDir: url ? url.slice('pglite:'.length) : path.join(vars.DATA_DIR, 'pglite'),
        }
  return {
    port: vars.PORT,
    host: vars.HOST,
    logLevel: vars.LOG_LEVEL,
    database,
    redisUrl: vars.REDIS_URL,
    redisTimeoutMs: vars.REDIS_TIMEOUT_MS,
    trustProxy: vars.TRUST_PROXY,
    priceApiUrl: vars.PRICE_API_URL,
    smtpUrl: vars.SMTP_URL,
    corsOrigins: vars.CORS_ORIGINS,
    ...familyChainsOf(vars.LATCH_CHAINS, manifest),
    rpc: { timeoutMs: vars.RPC_TIMEOUT_MS, rateLimitPerSecond: vars.RPC_RATE_LIMIT },
    upstreamSlots: {
      maxInFlight: vars.UPSTREAM_MAX_IN_FLIGHT,
      maxQueued: vars.UPSTREAM_MAX_QUEUED,
      queueWaitMs: vars.RPC_TIMEOUT_MS,
    },
    devProject: vars.DEV_PROJECT_ID
      ? { id: vars.DEV_PROJECT_ID, allowedOrigins: vars.DEV_PROJECT_ORIGINS ?? vars.CORS_ORIGINS }
      : undefined,
    allowLocalhost: vars.ALLOW_LOCALHOST ?? vars.NODE_ENV !== 'production',
    analytics: {
      retentionDays: vars.ANALYTICS_RETENTION_DAYS,
      eventsPerSecond: vars.ANALYTICS_RATE_LIMIT,
    },
    indexer: {
      enabled: vars.INDEXER_ENABLED,
      pollMs: vars.INDEXER_POLL_MS,
      confirmations: vars.INDEXER_CONFIRMATIONS,
    },
    embedded: {
      framePort: vars.FRAME_PORT,
      frameHost: vars.FRAME_HOST ?? vars.HOST,
      frameUrl: vars.FRAME_URL,
      masterKey: vars.WALLET_MASTER_KEY
        ? { kind: 'env', key: Buffer.from(vars.WALLET_MASTER_KEY, 'hex') }
        : { kind: 'file', path: path.join(vars.DATA_DIR, 'wallet-master.key') },
      frameDir: vars.WALLET_FRAME_DIR,
      mail: {
        smtpUrl,
        from: vars.MAIL_FROM,
        devLogCodes: !production && !vars.SMTP_URL && smtpUrl !== undefined,
      },
      sessionTtlMs: vars.SESSION_TTL_HOURS * 60 * 60_000,
      social: socialProvidersFromEnv(env, devServices?.oidc),
      farcaster: farcasterConfigOf(vars, devServices),
    },
    names: { zone: vars.NAMES_ZONE, writesPerMinute: vars.NAMES_WRITES_PER_MINUTE },
    onramp,
    dashboard: { adminToken: vars.LATCH_ADMIN_TOKEN, pageDir: vars.DASHBOARD_DIR },
    paymaster: paymasterConfigOf(vars, devServices),
    devSponsorship: devSponsorshipOf(vars),
    nftFetch: {
      allowedHosts: vars.NFT_METADATA_HOSTS,
      allowLoopback: !production,
      ipfsGateway: vars.NFT_IPFS_GATEWAY,
      timeoutMs: vars.NFT_FETCH_TIMEOUT_MS,
    },
  }
}

/**
 * Farcaster's relay and Optimism RPC: the environment's, else a development devnet's. The RPC is
 * what turns it on: without the ID Registry no signature can be tied to an fid.
 */
function farcasterConfigOf(
  vars: z.infer<typeof envSchema>,
  devServices: DevnetManifest | undefined,
): FarcasterConfig | undefined {
  const optimismRpcUrl = vars.LATCH_OPTIMISM_RPC_URL ?? devServices?.farcaster?.optimism.rpcUrl
  if (!optimismRpcUrl) {
    if (vars.LATCH_FARCASTER_RELAY_URL)
      throw new ConfigError(
        'Invalid configuration:\nLATCH_OPTIMISM_RPC_URL: required with LATCH_FARCASTER_RELAY_URL (the ID Registry is read there)',
      )
    return undefined
  }
  const relayUrl =
    vars.LATCH_FARCASTER_RELAY_URL ??
    (vars.LATCH_OPTIMISM_RPC_URL ? undefined : devServices?.farcaster?.relayUrl) ??
    FARCASTER_RELAY_URL
  return { relayUrl: relayUrl.replace(/\/+$/, ''), optimismRpcUrl }
}

/** The paymaster's signing key: the environment's, or a development devnet's. */
function paymasterConfigOf(
  vars: z.infer<typeof envSchema>,
  devServices: DevnetManifest | undefined,
): Config['paymaster'] {
  const signerKey =
    vars.PAYMASTER_SIGNER_KEY ??
    (devServices?.paymaster?.signer.privateKey as `0x${string}` | undefined)
  return signerKey ? { signerKey } : undefined
}

/** SPONSORSHIP_*: what the dev project sponsors, when any of them is set. */
function devSponsorshipOf(vars: z.infer<typeof envSchema>): SponsorshipPolicy | undefined {
  const set = [
    vars.SPONSORSHIP_ENABLED,
    vars.SPONSORSHIP_BUDGET_WEI,
    vars.SPONSORSHIP_TARGETS,
    vars.SPONSORSHIP_VISITOR_DAILY_WEI,
  ].some((value) => value !== undefined)
  if (!set) return undefined
  const enabled = vars.SPONSORSHIP_ENABLED ?? true
  if (enabled && vars.SPONSORSHIP_BUDGET_WEI === undefined)
    throw new ConfigError(
      'Invalid configuration:\nSPONSORSHIP_BUDGET_WEI: required to sponsor gas (the most the project pays in a period, in wei)',
    )
  return {
    enabled,
    budgetWei: vars.SPONSORSHIP_BUDGET_WEI ?? 0n,
    period: vars.SPONSORSHIP_PERIOD,
    allowedTargets: vars.SPONSORSHIP_TARGETS ?? [],
    visitorDailyCapWei: vars.SPONSORSHIP_VISITOR_DAILY_WEI ?? null,
    clientSharePercent: SPONSORSHIP_CLIENT_SHARE_PERCENT,
  }
}

/** The on-ramp providers from the environment; the sandbox and failpoints never in production. */
function onrampConfigOf(
  vars: z.infer<typeof envSchema>,
  production: boolean,
  devServices: DevnetManifest | undefined,
): OnrampConfig {
  const refused = [
    vars.ONRAMP_SANDBOX_TREASURY_KEY && 'ONRAMP_SANDBOX_TREASURY_KEY',
    vars.ONRAMP_SANDBOX === true && 'ONRAMP_SANDBOX',
    vars.LATCH_FAILPOINT && 'LATCH_FAILPOINT',
  ].filter((name): name is string => typeof name === 'string')
  if (production && refused.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${refused.map((name) => `${name}: not allowed in production`).join('\n')}`,
    )
  const treasuryKey =
    vars.ONRAMP_SANDBOX_TREASURY_KEY ??
    (devServices?.onramp?.treasury.privateKey as `0x${string}` | undefined)
  if (vars.ONRAMP_SANDBOX === true && !treasuryKey)
    throw new ConfigError(
      'Invalid configuration:\nONRAMP_SANDBOX: needs ONRAMP_SANDBOX_TREASURY_KEY or a devnet manifest with an on-ramp treasury',
    )
  const coinbase = vars.ONRAMP_COINBASE_APP_ID
    ? { appId: vars.ONRAMP_COINBASE_APP_ID, url: vars.ONRAMP_COINBASE_URL }
    : undefined
  const meld = vars.ONRAMP_MELD_PUBLIC_KEY
    ? { publicKey: vars.ONRAMP_MELD_PUBLIC_KEY, url: vars.ONRAMP_MELD_URL }
    : undefined
  const sandbox =
    !production && vars.ONRAMP_SANDBOX !== false && treasuryKey
      ? { treasuryKey, payAttemptsPerMinute: vars.ONRAMP_PAY_ATTEMPTS_PER_MINUTE }
      : undefined
  const providers: OnrampProviderId[] = []
  if (coinbase) providers.push('coinbase')
  if (meld) providers.push('meld')
  if (sandbox) providers.push('sandbox')
  return {
    coinbase,
    meld,
    sandbox,
    providers,
    usdPerEur: vars.ONRAMP_USD_PER_EUR,
    failpoint: production ? undefined : vars.LATCH_FAILPOINT,
  }
}

/** The devnet manifest (named, or the default one if present). */
function readDevnetManifest(
  manifestPath: string | undefined,
  dataDir: string,
): DevnetManifest | undefined {
  const file = manifestPath ?? path.join(dataDir, 'devnet.json')
  if (!existsSync(file)) {
    if (manifestPath) throw new ConfigError(`DEVNET_MANIFEST: no file at ${manifestPath}`)
    return undefined
  }
  return devnetManifest.parse(JSON.parse(readFileSync(file, 'utf8')))
}
