import '@polkadot/api-augment'
import type { CaipNetworkId } from '@latch/protocol'
import { DEFAULT_SS58_PREFIX, polkadotNetworkId } from '@latch/protocol'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { type UpstreamBounds, UpstreamCircuits } from '../../chains/upstreamCircuits.ts'
import type { PolkadotChainConfig } from './config.ts'

/** What the chain says of itself once connected: its prefix, token and existential deposit. */
export type PolkadotChainInfo = {
  ss58Prefix: number
  symbol: string
  decimals: number
  existentialDeposit: bigint
}

/**
 * A configured Polkadot network: one polkadot.js client, connected on first use (its metadata is
 * fetched once), reconnecting by itself when the endpoint drops.
 */
export type PolkadotChainClient = {
  family: 'polkadot'
  config: PolkadotChainConfig
  caipNetworkId: CaipNetworkId
  api(): Promise<ApiPromise>
  info(): Promise<PolkadotChainInfo>
  /**
   * Runs `call` within the chain's bound on calls running and waiting (the server's
   * UPSTREAM_MAX_*): a node that stops answering holds at most that many of this instance's calls.
   */
  bounded<T>(call: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** How long polkadot.js waits for the answer to each request (WsProvider's per-request timeout). */
const REQUEST_TIMEOUT_MS = 15_000

export function createPolkadotClient(
  config: PolkadotChainConfig,
  upstreams: UpstreamBounds = new UpstreamCircuits(),
): PolkadotChainClient {
  let connecting: Promise<{ api: ApiPromise; info: PolkadotChainInfo }> | undefined
  let provider: WsProvider | undefined
  const connect = async () => {
    provider = new WsProvider(config.wsUrls, 1000, {}, REQUEST_TIMEOUT_MS)
    const api = await ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true })
    const genesis = polkadotNetworkId(api.genesisHash.toHex())
    if (genesis !== config.caipNetworkId) {
      await api.disconnect()
      throw new Error(`${config.wsUrls[0]} serves ${genesis}, not ${config.caipNetworkId}`)
    }
    // Read from the chain as it answers: polkadot.js fills a missing ss58Format with a guess.
    const properties = (await provider.send('system_properties', [])) as {
      ss58Format?: number
      tokenSymbol?: string | string[]
      tokenDecimals?: number | number[]
    }
    const first = <T>(value: T | T[] | undefined) => (Array.isArray(value) ? value[0] : value)
    const ss58Prefix = config.ss58Prefix ?? properties.ss58Format ?? DEFAULT_SS58_PREFIX
    api.registry.setChainProperties(
      api.registry.createType('ChainProperties', {
        ss58Format: ss58Prefix,
        tokenDecimals: api.registry.chainDecimals,
        tokenSymbol: api.registry.chainTokens,
      }),
    )
    const info: PolkadotChainInfo = {
      ss58Prefix,
      symbol: first(properties.tokenSymbol) ?? 'UNIT',
      decimals: first(properties.tokenDecimals) ?? 12,
      existentialDeposit: api.consts.balances.existentialDeposit.toBigInt(),
    }
    return { api, info }
  }
  const connected = () => {
    if (!connecting) {
      connecting = connect()
      // A failed connection is tried again on the next call, not remembered.
      connecting.catch(() => {
        connecting = undefined
        provider?.disconnect().catch(() => {})
      })
    }
    return connecting
  }
  return {
    family: 'polkadot',
    config,
    caipNetworkId: config.caipNetworkId as CaipNetworkId,
    api: async () => (await connected()).api,
    info: async () => (await connected()).info,
    bounded: (call) => upstreams.bounded(config.caipNetworkId, call),
    close: async () => {
      const current = connecting
      connecting = undefined
      if (current) await current.then(({ api }) => api.disconnect()).catch(() => {})
    },
  }
}

/** One client per configured Polkadot network, keyed by CAIP-2 id. */
export function createPolkadotClients(
  chains: readonly PolkadotChainConfig[],
  upstreams?: UpstreamBounds,
): Map<CaipNetworkId, PolkadotChainClient> {
  return new Map(
    chains.map((config) => [
      config.caipNetworkId as CaipNetworkId,
      createPolkadotClient(config, upstreams),
    ]),
  )
}
