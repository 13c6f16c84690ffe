import type { CaipNetworkId, IdentityResponse } from '@latch/protocol'
import type { AccountController } from '../account/account.ts'
import type { ApiClient } from '../api/client.ts'
import { IDENTITY_CACHE_MS } from '../constants.ts'
import type { QueryCache } from '../query/lazyQueryClient.ts'
import { type LatchStorage, STORAGE_KEYS } from '../storage/index.ts'

/** What the identity cache of local storage holds per lower-cased address. */
type StoredIdentity = IdentityResponse & { timestamp: number }
type StoredIdentities = Record<string, StoredIdentity>

const NO_IDENTITY: IdentityResponse = { name: null, avatar: null }

const isNullableString = (value: unknown) => value === null || typeof value === 'string'

function isStoredIdentities(value: unknown): value is StoredIdentities {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.values(value).every((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return false
    const { name, avatar, timestamp } = entry as Record<string, unknown>
    return isNullableString(name) && isNullableString(avatar) && typeof timestamp === 'number'
  })
}

export type IdentityDeps = {
  api: Pick<ApiClient, 'identity'>
  queryClient: QueryCache
  storage: LatchStorage
  account: Pick<AccountController, 'get' | 'update'>
  /** Whether the server answers for the network (its supported chains): others are not asked. */
  isSupported(chainId: CaipNetworkId): Promise<boolean>
}

export type IdentityController = {
  /**
   * Puts the name and avatar of `address` (GET /v1/identity/{address}, cached 5 min in memory and
   * in local storage) into the account's profileName and profileImage; none on a
   * network the server does not support. Never throws: a failed lookup sets profileUnavailable.
   */
  load(target: { address: string; caipNetworkId: CaipNetworkId }): Promise<void>
  /** Records the name an address just registered: shown at once and cached as fresh. */
  set(address: string, identity: IdentityResponse): void
  /** Forgets which account is shown (disconnect); the caches stay. */
  reset(): void
}

/**
 * The connected account's name and avatar (profileName, profileImage).
 * @example identity.load({ address, caipNetworkId: 'eip155:31337' })
 */
export function createIdentity(deps: IdentityDeps): IdentityController {
  // The account whose identity the account state shows, lower-cased.
  let shownFor: string | undefined

  const queryKey = (address: string) => ['identity', address.toLowerCase()]

  function readStored(): StoredIdentities {
    return deps.storage.getJson(STORAGE_KEYS.identityCache, isStoredIdentities) ?? {}
  }

  function writeStored(address: string, identity: IdentityResponse, timestamp: number) {
    const fresh = Object.entries(readStored()).filter(
      ([, entry]) => Date.now() - entry.timestamp < IDENTITY_CACHE_MS,
    )
    deps.storage.setJson(STORAGE_KEYS.identityCache, {
      ...Object.fromEntries(fresh),
      [address.toLowerCase()]: { name: identity.name, avatar: identity.avatar, timestamp },
    })
  }

  /**
   * Writes into the account state only while `address` is still the connected one. A user who
   * logged in with Farcaster is shown by their Farcaster name and avatar where the address has
   * none of its own (a name registered for the address wins).
   */
  function show(address: string, identity: IdentityResponse) {
    const account = deps.account.get('eip155')
    if (account.address?.toLowerCase() !== address.toLowerCase()) return
    shownFor = address.toLowerCase()
    const farcaster = account.user?.farcaster
    deps.account.update('eip155', {
      profileName: identity.name ?? farcaster?.username ?? identity.name,
      profileImage: identity.name ? identity.avatar : (farcaster?.pfpUrl ?? identity.avatar),
      profileUnavailable: false,
    })
  }

  return {
    async load({ address, caipNetworkId }) {
      // Another account: the previous one's name must not show meanwhile.
      if (shownFor !== address.toLowerCase()) {
        shownFor = undefined
        deps.account.update('eip155', {
          profileName: undefined,
          profileImage: undefined,
          profileUnavailable: undefined,
        })
      }
      try {
        if (!(await deps.isSupported(caipNetworkId))) {
          show(address, NO_IDENTITY)
          return
        }
        const stored = readStored()[address.toLowerCase()]
        const identity = await deps.queryClient.fetchQuery({
          queryKey: queryKey(address),
          queryFn: async () => {
            const answer = await deps.api.identity(address, { sender: address })
            writeStored(address, answer, Date.now())
            return answer
          },
          staleTime: IDENTITY_CACHE_MS,
          ...(stored
            ? {
                initialData: { name: stored.name, avatar: stored.avatar },
                initialDataUpdatedAt: stored.timestamp,
              }
            : {}),
        })
        show(address, identity)
      } catch {
        // The server cannot say: nothing is cached, and unless a name is already shown for this
        // account, its name is marked unavailable (the address stands in for it).
        const connected = deps.account.get('eip155').address?.toLowerCase()
        if (connected === address.toLowerCase() && shownFor !== connected)
          deps.account.update('eip155', { profileUnavailable: true })
      }
    },
    set(address, identity) {
      deps.queryClient.setQueryData(queryKey(address), identity)
      writeStored(address, identity, Date.now())
      show(address, identity)
    },
    reset() {
      shownFor = undefined
    },
  }
}
