import type { DevnetChain, DevnetManifest } from '@latch/protocol'
import { type AnvilInstance, findFreePort, retryOnTakenPort, startAnvil } from './anvil.ts'
import { DEFAULT_BITCOIN_PORT, NATIVE_BTC } from './bitcoin/constants.ts'
import type { BitcoinDevnet } from './bitcoin/server.ts'
import { type BundlerInstance, type WarmBundler, warmBundler } from './bundler/bundler.ts'
import {
  BUNDLER_EXECUTOR_PRIVATE_KEY,
  BUNDLER_UTILITY_PRIVATE_KEY,
  CHAINS,
  DEFAULT_BUNDLER_PORTS,
  DEVNET_MNEMONIC,
  NATIVE_CURRENCY,
} from './constants.ts'
import { loadDeployment } from './deployment.ts'
import { executeDeployment } from './execute.ts'
import {
  DEFAULT_FARCASTER_RELAY_PORT,
  DEFAULT_OPTIMISM_PORT,
  type FarcasterDevnet,
  startFarcasterDevnet,
} from './farcaster/index.ts'
import { DEFAULT_INBOX_PORT, DEFAULT_SMTP_PORT } from './mail/constants.ts'
import { type MailCatcher, startMailCatcher } from './mail/index.ts'
import { defaultManifestPath, writeManifest } from './manifest.ts'
import { pointNftsAt } from './nfts/configure.ts'
import { DEFAULT_NFT_PORT, type NftMetadataServer, startNftMetadataServer } from './nfts/server.ts'
import { DEFAULT_OIDC_PORT } from './oidc/constants.ts'
import { type DevOidcProvider, startOidcProvider } from './oidc/index.ts'
import type { PolkadotDevnet } from './polkadot/chain.ts'
import { DEFAULT_POLKADOT_PORT } from './polkadot/constants.ts'
import { DEFAULT_RELAY_PORT, DEV_PROJECT_ID } from './relay/constants.ts'
import { type Relay, startRelay } from './relay/relay.ts'
import { DEFAULT_SOLANA_PORT, NATIVE_SOL, TOKEN_PROGRAM, USDC } from './solana/constants.ts'
import { type SolanaThread, startSolanaThread } from './solana/thread.ts'

export type {
  DevnetBitcoinAccount,
  DevnetBitcoinChain,
  DevnetChain,
  DevnetFarcaster,
  DevnetFarcasterAccount,
  DevnetManifest,
  DevnetPolkadotAccount,
  DevnetPolkadotChain,
  DevnetSolanaChain,
  DevnetToken,
} from '@latch/protocol'
export { findFreePort, resolveAnvilBinary } from './anvil.ts'
export {
  BITCOIN_CHAIN_NAME,
  DEFAULT_BITCOIN_PORT,
  DEFAULT_BLOCK_INTERVAL_MS,
} from './bitcoin/constants.ts'
export type { BitcoinDevnet, BitcoinDevnetOptions } from './bitcoin/server.ts'
export type { PolkadotDevnet, PolkadotDevnetOptions } from './polkadot/chain.ts'
export {
  DEFAULT_POLKADOT_PORT,
  POLKADOT_CHAIN_NAME,
  POLKADOT_DEV_ACCOUNTS,
  POLKADOT_FUNDING_PLANCK,
} from './polkadot/constants.ts'

/** Starts the local Polkadot chain alone (chopsticks); its libraries load on this call. */
export async function startPolkadotDevnet(
  options: import('./polkadot/chain.ts').PolkadotDevnetOptions,
): Promise<PolkadotDevnet> {
  const { startPolkadotDevnet: start } = await import('./polkadot/chain.ts')
  return start(options)
}

/** Starts the local Bitcoin chain alone (its Esplora API); its libraries load on this call. */
export async function startBitcoinDevnet(
  options: import('./bitcoin/server.ts').BitcoinDevnetOptions,
): Promise<import('./bitcoin/server.ts').BitcoinDevnet> {
  const { startBitcoinDevnet: start } = await import('./bitcoin/server.ts')
  return start(options)
}
export {
  BUNDLER_EXECUTOR_ADDRESS,
  BUNDLER_UTILITY_ADDRESS,
  CREATE2_DEPLOYER,
  DEFAULT_BUNDLER_PORTS,
  DEPLOYER_ADDRESS,
  DEPLOYER_PRIVATE_KEY,
  DEVNET_MNEMONIC,
  ENTRY_POINT_ADDRESS,
  MULTICALL3_ADDRESS,
  PAYMASTER_SIGNER_ADDRESS,
} from './constants.ts'
export {
  DEFAULT_CHANNEL_TTL_MS,
  DEFAULT_FARCASTER_RELAY_PORT,
  DEFAULT_OPTIMISM_PORT,
  DEVNET_FARCASTER_APP_KEY,
  type FarcasterRelay,
  type FarcasterRelayOptions,
  ID_REGISTRY_ADDRESS,
  OPTIMISM_CHAIN_ID,
  startFarcasterRelay,
} from './farcaster/index.ts'
export {
  type CaughtMail,
  DEFAULT_INBOX_PORT,
  DEFAULT_SMTP_PORT,
  type MailCatcher,
  type MailCatcherOptions,
  parseMail,
  startMailCatcher,
} from './mail/index.ts'
export { defaultManifestPath, readManifest } from './manifest.ts'
export { DEFAULT_NFT_PORT } from './nfts/server.ts'
export {
  DEFAULT_OIDC_PORT,
  DEV_OIDC_CALLBACK_PATH,
  DEV_OIDC_CLIENT_ID,
  type DevAccountClaims,
  type DevLoginOptions,
  type DevOidcProvider,
  devAccountClaims,
  loginAtDevProvider,
  type OidcProviderOptions,
  startOidcProvider,
} from './oidc/index.ts'
export { type FakePriceApi, type FakePrices, startFakePriceApi } from './priceApi.ts'
export {
  DEFAULT_RELAY_PORT,
  DEV_PROJECT_ID,
  didKeyFromPublicKey,
  type Relay,
  RelayAuthError,
  type RelayOptions,
  startRelay,
  verifyRelayAuth,
} from './relay/index.ts'
export { DEFAULT_SOLANA_PORT, SOLANA_CHAIN_NAME } from './solana/constants.ts'
export type { SolanaDevnet, SolanaDevnetOptions } from './solana/server.ts'
export type { SolanaThread } from './solana/thread.ts'

export type DevnetOptions = {
  /** RPC ports of chains 31337 and 31338; 0 picks a free port. Default [8545, 8546]. */
  ports?: [number, number]
  /** Port of the local WalletConnect relay; 0 picks a free port. Default 8547. */
  relayPort?: number
  /**
   * Port of the local OpenID Connect provider; 0 picks a free port. Default 8548, or 0 when
   * `relayPort` is 0 (a run on free ports stays on free ports).
   */
  oidcPort?: number
  /**
   * Ports of the mail catcher's SMTP server and HTTP inbox; 0 picks a free port. Default 2525 and
   * 8549, or 0 when `relayPort` is 0.
   */
  mail?: { smtpPort?: number; inboxPort?: number }
  /**
   * HTTP and WebSocket port of the local Solana chain; 0 picks a free port. Default 8550, or 0
   * when `relayPort` is 0.
   */
  solanaPort?: number
  /**
   * Ports of the ERC-4337 bundlers (alto) of chains 31337 and 31338; 0 picks a free port. Default
   * [4337, 4338], or [0, 0] when `relayPort` is 0.
   */
  bundlerPorts?: [number, number]
  /** Whether to run a bundler per chain; default true. */
  bundlers?: boolean
  /**
   * HTTP port of the local Bitcoin chain's Esplora API; 0 picks a free port. Default 8555, or 0
   * when `relayPort` is 0.
   */
  bitcoinPort?: number
  /**
   * WebSocket (and HTTP JSON-RPC) port of the local Polkadot chain (chopsticks); 0 picks a free
   * port. Default 9944, or 0 when `relayPort` is 0.
   */
  polkadotPort?: number
  /** Print every line of the Polkadot chain's own log through `log`. */
  polkadotVerbose?: boolean
  /** The Bitcoin chain mines a block every this many ms; default 0: only on demand (`POST /latch/mine`). */
  bitcoinBlockIntervalMs?: number
  /**
   * Sign In With Farcaster's stand-ins: the auth relay's port and the port of the chain (id 10)
   * holding the ID Registry; 0 picks a free port. Default 8556 and 8557, or 0 when `relayPort`
   * is 0.
   */
  farcaster?: { relayPort?: number; optimismPort?: number }
  /**
   * Port of the server of the NFTs' metadata and images; 0 picks a free port. Default 8558, or 0
   * when `relayPort` is 0.
   */
  nftPort?: number
  /** Interface anvil listens on; default 127.0.0.1. */
  host?: string
  /** Where to write the manifest; default `<repo root>/.data/devnet.json`. */
  manifestPath?: string
  /** Progress lines; silent by default. */
  log?: (line: string) => void
}

export type Devnet = {
  manifest: DevnetManifest
  /** Process ids of the two anvil nodes, in chain order. */
  pids: number[]
  /** Process ids of the bundlers, in chain order (none when started without bundlers). */
  bundlerPids: number[]
  /**
   * Stops both anvil nodes, the bundlers, the Solana chain, the relay, the OIDC provider and the
   * mail catcher, and waits until they have exited; safe to call twice.
   */
  stop(): Promise<void>
}

/**
 * Starts two anvil chains (31337 and 31338) each with an ERC-4337 bundler, a local Solana chain, a
 * local Bitcoin chain, a local Polkadot chain (chopsticks), a WalletConnect relay, an OpenID
 * Connect provider, a mail catcher and Sign In With Farcaster's stand-ins (an auth relay, and a
 * chain 10 with the ID Registry), deploys the same contracts at
 * the same addresses on both chains, funds the ten dev accounts with every token and writes the
 * manifest.
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const {
    ports = [8545, 8546],
    relayPort = DEFAULT_RELAY_PORT,
    host = '127.0.0.1',
    manifestPath = defaultManifestPath,
  } = options
  const log = options.log ?? (() => {})
  if (!manifestPath) throw new Error('manifestPath is empty')
  // A caller on free ports (tests running side by side) must get free ports everywhere.
  const defaultPort = (port: number) => (relayPort === 0 ? 0 : port)
  const oidcPort = options.oidcPort ?? defaultPort(DEFAULT_OIDC_PORT)
  const smtpPort = options.mail?.smtpPort ?? defaultPort(DEFAULT_SMTP_PORT)
  const inboxPort = options.mail?.inboxPort ?? defaultPort(DEFAULT_INBOX_PORT)
  const solanaPort = options.solanaPort ?? defaultPort(DEFAULT_SOLANA_PORT)
  const bundlerPorts = options.bundlerPorts ?? DEFAULT_BUNDLER_PORTS.map(defaultPort)
  const bitcoinPort = options.bitcoinPort ?? defaultPort(DEFAULT_BITCOIN_PORT)
  const polkadotPort = options.polkadotPort ?? defaultPort(DEFAULT_POLKADOT_PORT)
  const farcasterRelayPort =
    options.farcaster?.relayPort ?? defaultPort(DEFAULT_FARCASTER_RELAY_PORT)
  const optimismPort = options.farcaster?.optimismPort ?? defaultPort(DEFAULT_OPTIMISM_PORT)
  const nftPort = options.nftPort ?? defaultPort(DEFAULT_NFT_PORT)
  const started = performance.now()

  // Each bundler loads its code (about a second) while its chain boots and is deployed.
  const warming: WarmBundler[] =
    options.bundlers === false ? [] : CHAINS.map(() => warmBundler(host))
  const bundlers: BundlerInstance[] = []

  // Read (or build) the plan while the nodes boot.
  const deploymentPromise = loadDeployment(log)
  deploymentPromise.catch(() => {})

  const nodes: AnvilInstance[] = []
  let relay: Relay | undefined
  let oidc: DevOidcProvider | undefined
  let mail: MailCatcher | undefined
  let solana: SolanaThread | undefined
  let bitcoin: BitcoinDevnet | undefined
  let polkadot: PolkadotDevnet | undefined
  let farcaster: FarcasterDevnet | undefined
  let nftMetadata: NftMetadataServer | undefined
  const stop = async () => {
    await Promise.all([
      ...warming.map((bundler) => bundler.stop()),
      ...nodes.map((node) => node.stop()),
      solana?.stop(),
      bitcoin?.stop(),
      polkadot?.stop(),
      farcaster?.stop(),
      nftMetadata?.stop(),
      relay?.stop(),
      oidc?.stop(),
      mail?.stop(),
    ])
  }

  try {
    const chosen = await Promise.all(ports.map((port) => port || findFreePort(host)))
    // The relay, OIDC provider and mail catcher listen in this process, so port 0 lets the OS
    // pick with no race.
    const relayPromise = startRelay({ host, port: relayPort, log })
    const oidcPromise = startOidcProvider({ host, port: oidcPort, log })
    const mailPromise = startMailCatcher({ host, smtpPort, inboxPort, log })
    const nftPromise = startNftMetadataServer({ host, port: nftPort, log })
    const solanaPromise = startSolanaThread({
      host,
      port: solanaPort,
      mnemonic: DEVNET_MNEMONIC,
      log,
    })
    // Loaded here, not at import: its libraries stay off the path of callers that never start it.
    const bitcoinPromise = import('./bitcoin/server.ts').then(({ startBitcoinDevnet }) =>
      startBitcoinDevnet({
        host,
        port: bitcoinPort,
        mnemonic: DEVNET_MNEMONIC,
        blockIntervalMs: options.bitcoinBlockIntervalMs ?? 0,
        log,
      }),
    )
    // chopsticks runs in a child process; its runtime boots (about 3 s) while the rest deploys.
    const polkadotPromise = import('./polkadot/chain.ts').then(({ startPolkadotDevnet }) =>
      startPolkadotDevnet({
        host,
        port: polkadotPort,
        log,
        verbose: options.polkadotVerbose ?? false,
      }),
    )
    const farcasterPromise = startFarcasterDevnet({
      host,
      relayPort: farcasterRelayPort,
      optimismPort,
      log,
    })
    for (const promise of [
      relayPromise,
      oidcPromise,
      mailPromise,
      solanaPromise,
      bitcoinPromise,
      polkadotPromise,
      farcasterPromise,
      nftPromise,
    ]) {
      promise.catch(() => {})
    }
    const booted = await Promise.allSettled(
      CHAINS.map((chain, index) => {
        const start = (port: number) =>
          startAnvil({ port, chainId: chain.chainId, host, mnemonic: DEVNET_MNEMONIC, log })
        const port = chosen[index] ?? 0
        // A port the caller named is that or nothing; one found free may be taken meanwhile.
        return ports[index] ? start(port) : retryOnTakenPort(start, port, () => findFreePort(host))
      }),
    )
    for (const result of booted) if (result.status === 'fulfilled') nodes.push(result.value)
    const [relayResult, oidcResult, mailResult, solanaResult] = await Promise.allSettled([
      relayPromise,
      oidcPromise,
      mailPromise,
      solanaPromise,
    ])
    if (relayResult.status === 'fulfilled') relay = relayResult.value
    if (oidcResult.status === 'fulfilled') oidc = oidcResult.value
    if (mailResult.status === 'fulfilled') mail = mailResult.value
    if (solanaResult.status === 'fulfilled') solana = solanaResult.value
    // All settle before any failure is thrown, so stop() sees every service that started.
    const [bitcoinResult, polkadotResult, farcasterResult, nftResult] = await Promise.allSettled([
      bitcoinPromise,
      polkadotPromise,
      farcasterPromise,
      nftPromise,
    ])
    if (nftResult.status === 'fulfilled') nftMetadata = nftResult.value
    if (bitcoinResult.status === 'fulfilled') bitcoin = bitcoinResult.value
    if (polkadotResult.status === 'fulfilled') polkadot = polkadotResult.value
    if (farcasterResult.status === 'fulfilled') farcaster = farcasterResult.value
    for (const result of [bitcoinResult, polkadotResult, farcasterResult, nftResult])
      if (result.status === 'rejected') throw result.reason
    for (const result of booted) if (result.status === 'rejected') throw result.reason
    for (const result of [relayResult, oidcResult, mailResult, solanaResult]) {
      if (result.status === 'rejected') throw result.reason
    }
    if (!relay || !oidc || !mail || !solana || !bitcoin || !polkadot || !farcaster || !nftMetadata)
      throw new Error('a devnet service did not start')
    log(`WalletConnect relay listening on ${relay.url}`)
    log(`OIDC provider listening on ${oidc.issuer}`)
    log(`mail catcher: SMTP on ${mail.smtpUrl}, inbox on ${mail.inboxUrl}`)
    const deployment = await deploymentPromise
    const nftMetadataUrl = nftMetadata.url

    const chains: DevnetChain[] = await Promise.all(
      CHAINS.map(async (chain, index) => {
        const node = nodes[index]
        if (!node) throw new Error(`chain ${chain.chainId} has no node`)
        const chainStarted = performance.now()
        await executeDeployment(node.rpcUrl, chain.chainId, deployment)
        await pointNftsAt(node.rpcUrl, deployment.nfts, nftMetadataUrl)
        const ms = Math.round(performance.now() - chainStarted)
        log(`chain ${chain.chainId}: ${deployment.txs.length} transactions deployed in ${ms} ms`)
        const warm = warming[index]
        const bundler = warm
          ? await startBundler(warm, {
              rpcUrl: node.rpcUrl,
              chainId: chain.chainId,
              entryPoint: deployment.contracts.entryPoint,
              executorKey: BUNDLER_EXECUTOR_PRIVATE_KEY,
              utilityKey: BUNDLER_UTILITY_PRIVATE_KEY,
              port: bundlerPorts[index] ?? 0,
              host,
              log,
            })
          : undefined
        if (bundler) bundlers[index] = bundler
        return {
          chainId: chain.chainId,
          name: chain.name,
          rpcUrl: node.rpcUrl,
          nativeCurrency: NATIVE_CURRENCY,
          contracts: deployment.contracts,
          tokens: deployment.tokens,
          pairs: deployment.pairs,
          nfts: deployment.nfts,
          nftMetadataUrl,
          ...(bundler ? { bundlerUrl: bundler.url } : {}),
        }
      }),
    )

    const manifest = await writeManifest(manifestPath, {
      version: 1,
      mnemonic: DEVNET_MNEMONIC,
      accounts: deployment.accounts,
      chains,
      solana: {
        caipNetworkId: solana.caipNetworkId,
        genesisHash: solana.genesisHash,
        name: solana.name,
        rpcUrl: solana.rpcUrl,
        wsUrl: solana.wsUrl,
        nativeCurrency: { ...NATIVE_SOL },
        tokens: [{ ...USDC, mint: solana.usdcMint, programId: TOKEN_PROGRAM }],
        accounts: solana.accounts,
      },
      bitcoin: {
        caipNetworkId: bitcoin.caipNetworkId,
        name: bitcoin.name,
        network: 'regtest',
        esploraUrl: bitcoin.esploraUrl,
        nativeCurrency: { ...NATIVE_BTC },
        blockIntervalMs: bitcoin.blockIntervalMs,
        accounts: bitcoin.accounts,
      },
      polkadot: {
        caipNetworkId: polkadot.caipNetworkId,
        genesisHash: polkadot.genesisHash,
        name: polkadot.name,
        wsUrl: polkadot.wsUrl,
        ss58Prefix: polkadot.ss58Prefix,
        nativeCurrency: polkadot.nativeCurrency,
        accounts: polkadot.accounts,
      },
      walletConnect: { relayUrl: relay.url, projectId: DEV_PROJECT_ID },
      mail: { smtpUrl: mail.smtpUrl, inboxUrl: mail.inboxUrl },
      oidc: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
      onramp: { treasury: deployment.treasury },
      paymaster: { signer: deployment.paymasterSigner },
      farcaster: farcaster.manifest,
    })
    log(`devnet up in ${Math.round(performance.now() - started)} ms; manifest at ${manifestPath}`)
    return {
      manifest,
      pids: nodes.map((node) => node.pid),
      bundlerPids: bundlers.map((bundler) => bundler.pid),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }

  /**
   * Starts the warm bundler on `options.port`, or on a free one when that is 0; a free port
   * taken meanwhile gets a fresh bundler (loading again) on another.
   */
  async function startBundler(
    warm: WarmBundler,
    options: Parameters<WarmBundler['start']>[0],
  ): Promise<BundlerInstance> {
    if (options.port !== 0) return warm.start(options)
    let attempts = 0
    return retryOnTakenPort(
      (port) => {
        const bundler = attempts++ === 0 ? warm : warmBundler(host)
        if (bundler !== warm) warming.push(bundler)
        return bundler.start({ ...options, port })
      },
      await findFreePort(host),
      () => findFreePort(host),
    )
  }
}
