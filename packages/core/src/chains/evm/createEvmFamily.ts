import { ROUTES } from '@latch/protocol/routes'
import type { Transport } from 'viem'
import { RPC_BATCH_SIZE, RPC_TIMEOUT_MS } from '../../constants.ts'
import { LatchError } from '../../errors.ts'
import type { ResolvedOptions } from '../../options/types.ts'
import { type LatchStorage, STORAGE_KEYS } from '../../storage/index.ts'
import type { EvmAdapterOptions } from './createEvmAdapter.ts'
import { createEvmAdapter, type EvmAdapter } from './createEvmAdapter.ts'
import { lazyHttp } from './lazyHttp.ts'
import { toViemChain } from './viemChain.ts'
import { WALLETCONNECT_CONNECTOR_ID } from './walletconnect/connector.ts'

export type EvmFamilyDeps = {
  config: { serverUrl: string; transports?: Record<number, Transport> }
  options: ResolvedOptions
  storage: LatchStorage
  /** The embedded wallet's connector (email and social login), when the site offers them. */
  embedded?: NonNullable<EvmAdapterOptions['embedded']> | undefined
}

/** The Latch server's JSON-RPC gateway for an EVM chain: the page needs no RPC keys. */
export function gatewayUrl(serverUrl: string, projectId: string, chainId: number): string {
  const url = new URL(ROUTES.rpc.path, serverUrl)
  url.searchParams.set('chainId', `eip155:${chainId}`)
  url.searchParams.set('projectId', projectId)
  return url.toString()
}

/**
 * The EVM adapter for the site's EVM networks: each reached through the site's transport or the
 * gateway, the wagmi session kept in the kit's storage, WalletConnect and the embedded wallet
 * added when configured.
 */
export function createEvmFamily(deps: EvmFamilyDeps): EvmAdapter {
  const { options, storage } = deps
  const chains = options.networks
    .filter((candidate) => candidate.chainNamespace === 'eip155')
    .map(toViemChain)
  const [firstChain, ...otherChains] = chains
  if (!firstChain)
    throw new LatchError('Network not found', { details: 'Latch needs at least one EVM network' })
  const rpcUrl = (chainId: number) => gatewayUrl(deps.config.serverUrl, options.projectId, chainId)
  const gateway = (chainId: number) =>
    // Calls made in the same tick go as one JSON-RPC batch (at most 1000 calls; 10 s timeout).
    lazyHttp(rpcUrl(chainId), {
      timeout: RPC_TIMEOUT_MS,
      batch: { batchSize: RPC_BATCH_SIZE },
      retryCount: 1,
    })
  const walletConnectSessionKey = STORAGE_KEYS.connectedConnectorId('eip155')
  const walletConnectOptions = options.walletConnect
  return createEvmAdapter({
    chains: [firstChain, ...otherChains],
    transports: Object.fromEntries(
      chains.map((chain) => [chain.id, deps.config.transports?.[chain.id] ?? gateway(chain.id)]),
    ),
    enableEIP6963: options.enableEIP6963,
    enableInjected: options.enableInjected,
    ...(deps.embedded ? { embedded: deps.embedded } : {}),
    storage: {
      getItem: (key) => storage.getItem(`@latch/${key}`) ?? null,
      setItem: (key, value) => storage.setItem(`@latch/${key}`, value),
      removeItem: (key) => storage.removeItem(`@latch/${key}`),
    },
    ...(walletConnectOptions
      ? {
          walletConnect: {
            load: async () => {
              const initWalletConnectProvider = await walletConnectOptions.loadClient()
              return initWalletConnectProvider({
                projectId: walletConnectOptions.projectId,
                relayUrl: walletConnectOptions.relayUrl,
                metadata: { ...options.metadata, icons: [...options.metadata.icons] },
                storagePrefix: 'latch',
              })
            },
            rpcUrl,
            solanaChains: options.networks
              .filter((network) => network.chainNamespace === 'solana')
              .map((network) => network.caipNetworkId),
            polkadotChains: options.networks
              .filter((network) => network.chainNamespace === 'polkadot')
              .map((network) => network.caipNetworkId),
            hasStoredSession: () =>
              storage.getItem(walletConnectSessionKey) === WALLETCONNECT_CONNECTOR_ID,
            setStoredSession: (stored) => {
              if (stored) storage.setItem(walletConnectSessionKey, WALLETCONNECT_CONNECTOR_ID)
              else storage.removeItem(walletConnectSessionKey)
            },
          },
        }
      : {}),
  })
}
