import {
  DEFAULT_CONNECT_METHODS_ORDER,
  DEFAULT_FEATURES,
  DEFAULT_SOCIALS,
  DEFAULT_THEME_MODE,
  DEFAULT_WALLETCONNECT_RELAY_URL,
} from '../constants.ts'
import { LatchError } from '../errors.ts'
import { DEFAULT_RESTRICTED_TIMEZONES } from '../region/restrictedRegion.ts'
import { CHAIN_NAMESPACES } from '../siteTypes.ts'
import { resolveFamilies } from './resolveFamilies.ts'
import type { LatchOptions, Metadata, ResolvedOptions } from './types.ts'

/**
 * Applies the defaults to a site's options and checks what may not be combined.
 * A missing projectId or a `walletFrameUrl` that is no http(s) URL does not throw: the option is
 * marked (`projectIdMissing`, `walletFrameUrlRefused`) and the caller reports it, so a page still
 * renders while misconfigured, with its browser wallets.
 * @throws LatchError when both `siweConfig` and `siwx` are set, when `networks` is
 *   empty, when `defaultNetwork` is not one of `networks`, or when `adapters` and `networks`
 *   disagree (resolveFamilies).
 * @example resolveOptions({ projectId: 'latch-dev', networks: [mainnet] }).features.swaps // true
 */
export function resolveOptions(config: LatchOptions): ResolvedOptions {
  if (config.siweConfig != null && config.siwx != null) {
    throw new LatchError('Cannot set both siweConfig and siwx', {
      details: 'siweConfig is the Ethereum-only form of siwx: pass one of the two options.',
    })
  }

  const [firstNetwork] = config.networks
  if (!firstNetwork) {
    throw new LatchError('Network not found', {
      details: 'The networks option needs at least one network.',
    })
  }
  const defaultNetwork = config.defaultNetwork ?? firstNetwork
  if (!config.networks.some((n) => n.caipNetworkId === defaultNetwork.caipNetworkId)) {
    throw new LatchError('Network not found', {
      details: `defaultNetwork ${defaultNetwork.caipNetworkId} is not in the networks option.`,
    })
  }

  const { socials, ...toggles } = config.features ?? {}
  const projectId = config.projectId?.trim() ?? ''
  const frame = resolveWalletFrameUrl(config.walletFrameUrl)

  return {
    projectId,
    projectIdMissing: projectId === '',
    networks: [...config.networks],
    defaultNetwork,
    families: resolveFamilies(config.networks, defaultNetwork, config.adapters, CHAIN_NAMESPACES),
    features: {
      ...DEFAULT_FEATURES,
      ...withoutUndefined(toggles),
      socials: socials === false ? [] : unique(socials ?? DEFAULT_SOCIALS),
    },
    connectMethodsOrder: unique(config.connectMethodsOrder ?? DEFAULT_CONNECT_METHODS_ORDER),
    themeMode: config.themeMode ?? DEFAULT_THEME_MODE,
    themeVariables: { ...config.themeVariables },
    metadata: resolveMetadata(config.metadata),
    siweConfig: config.siweConfig,
    siwx: config.siwx,
    enableEIP6963: config.enableEIP6963 ?? true,
    enableInjected: config.enableInjected ?? true,
    featuredWalletIds: unique(config.featuredWalletIds ?? []),
    includeWalletIds: unique(config.includeWalletIds ?? []),
    excludeWalletIds: unique(config.excludeWalletIds ?? []),
    allowUnsupportedChain: config.allowUnsupportedChain ?? false,
    walletConnect: resolveWalletConnect(config.walletConnect),
    walletConnectWithoutClient:
      config.walletConnect !== undefined && typeof config.walletConnect.loadClient !== 'function',
    walletFrameUrl: frame.origin,
    walletFrameUrlRefused: frame.refused,
    restrictedTimezones: [...(config.restrictedTimezones ?? DEFAULT_RESTRICTED_TIMEZONES)],
    debug: config.debug ?? false,
  }
}

// Read at call time, not import time, so the module stays safe to load during SSR.
function resolveMetadata(given: Partial<Metadata> = {}): Metadata {
  return {
    name: given.name ?? '',
    description: given.description ?? '',
    url: given.url ?? globalThis.location?.origin ?? '',
    icons: [...(given.icons ?? [])],
  }
}

function resolveWalletConnect(
  given: LatchOptions['walletConnect'],
): ResolvedOptions['walletConnect'] {
  const projectId = given?.projectId.trim()
  // A plain `{ projectId }` (JavaScript, or an old snippet) has no client to load.
  if (!given || !projectId || typeof given.loadClient !== 'function') return undefined
  return {
    projectId,
    relayUrl: given.relayUrl ?? DEFAULT_WALLETCONNECT_RELAY_URL,
    loadClient: given.loadClient,
  }
}

// Messages to the frame are posted to, and accepted from, exactly this origin.
function resolveWalletFrameUrl(given: string | undefined): {
  origin?: string
  refused?: ResolvedOptions['walletFrameUrlRefused']
} {
  const trimmed = given?.trim()
  if (!trimmed) return {}
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return { refused: { given: trimmed, reason: 'is not a URL' } }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { refused: { given: trimmed, reason: 'is not an http(s) URL' } }
  return { origin: url.origin }
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)]
}

// `{ send: undefined }` must keep the default rather than switch the feature off.
function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
