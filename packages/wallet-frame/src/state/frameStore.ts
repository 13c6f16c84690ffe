import type { EmbeddedAccountType, ThemeMode } from '@latch/protocol/frame'
import { DEVICE_ID_BYTES, STORAGE_PREFIX } from '../constants.ts'
import { isChainId } from '../messages/payload.ts'

/** The subset of Storage the frame uses. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The frame's login: the token stays on the frame origin, never posted to the app. */
export type StoredSession = {
  token: string
  /** ISO 8601, from the server. */
  expiresAt: string
  /** The user's own key's (EOA) address, so eth_accounts and the approval screen need no server call. */
  address: `0x${string}`
  /** The smart account that key owns on the active chain, when the server offers one there. */
  smartAccount?: `0x${string}`
  /** The user's Solana address, for the approval screen of solana_* calls. */
  solanaAddress?: string
}

/** A social login between GET_SOCIAL_REDIRECT_URI and CONNECT_SOCIAL. */
export type PendingSocialFlow = { flowId: string; flowSecret: string }

/** What the approval screen is drawn with; the accent is already validated. */
export type StoredTheme = { themeMode: ThemeMode; accent?: string }

const KEYS = {
  deviceId: `${STORAGE_PREFIX}device-id`,
  session: `${STORAGE_PREFIX}session`,
  chainId: `${STORAGE_PREFIX}chain-id`,
  pendingEmail: `${STORAGE_PREFIX}pending-email`,
  socialFlow: `${STORAGE_PREFIX}social-flow`,
  farcasterFlow: `${STORAGE_PREFIX}farcaster-flow`,
  theme: `${STORAGE_PREFIX}theme`,
  preferredAccountType: `${STORAGE_PREFIX}preferred-account-type`,
} as const

/** The frame's persisted state; see createFrameStore. */
export type FrameStore = ReturnType<typeof createFrameStore>

/**
 * The frame's state in `storage` (its origin's localStorage), under keys prefixed 'latch-frame/'.
 * A malformed or expired entry reads as absent.
 */
export function createFrameStore(
  storage: KeyValueStorage,
  options: { now?: () => number; randomBytes?: (length: number) => Uint8Array } = {},
) {
  const now = options.now ?? Date.now
  const randomBytes =
    options.randomBytes ?? ((length) => crypto.getRandomValues(new Uint8Array(length)))

  function read(key: string): unknown {
    try {
      const raw = storage.getItem(key)
      return raw === null ? undefined : JSON.parse(raw)
    } catch {
      return undefined
    }
  }
  function write(key: string, value: unknown): void {
    try {
      if (value === undefined) storage.removeItem(key)
      else storage.setItem(key, JSON.stringify(value))
    } catch {
      // A full or blocked storage only costs persistence across reloads.
    }
  }

  return {
    /** This browser's random device id, created on first use. */
    deviceId(): string {
      const stored = read(KEYS.deviceId)
      if (typeof stored === 'string' && /^[A-Za-z0-9_-]{22,64}$/.test(stored)) return stored
      const created = base64Url(randomBytes(DEVICE_ID_BYTES))
      write(KEYS.deviceId, created)
      return created
    },
    /** The session, or null when there is none or it has expired (then it is dropped). */
    session(): StoredSession | null {
      const stored = read(KEYS.session)
      if (!isStoredSession(stored)) return null
      if (!(Date.parse(stored.expiresAt) > now())) {
        write(KEYS.session, undefined)
        return null
      }
      return stored
    },
    setSession(session: StoredSession | undefined): void {
      write(KEYS.session, session)
    },
    chainId(): number | undefined {
      const stored = read(KEYS.chainId)
      return isChainId(stored) ? stored : undefined
    },
    setChainId(chainId: number): void {
      write(KEYS.chainId, chainId)
    },
    pendingEmail(): string | undefined {
      const stored = read(KEYS.pendingEmail)
      return typeof stored === 'string' && stored ? stored : undefined
    },
    setPendingEmail(email: string | undefined): void {
      write(KEYS.pendingEmail, email)
    },
    socialFlow(): PendingSocialFlow | undefined {
      const stored = read(KEYS.socialFlow) as Partial<PendingSocialFlow> | undefined
      if (typeof stored?.flowId !== 'string' || typeof stored.flowSecret !== 'string') return
      return { flowId: stored.flowId, flowSecret: stored.flowSecret }
    },
    setSocialFlow(flow: PendingSocialFlow | undefined): void {
      write(KEYS.socialFlow, flow)
    },
    /** The Farcaster login in progress: only the frame holds its secret. */
    farcasterFlow(): PendingSocialFlow | undefined {
      const stored = read(KEYS.farcasterFlow) as Partial<PendingSocialFlow> | undefined
      if (typeof stored?.flowId !== 'string' || typeof stored.flowSecret !== 'string') return
      return { flowId: stored.flowId, flowSecret: stored.flowSecret }
    },
    setFarcasterFlow(flow: PendingSocialFlow | undefined): void {
      write(KEYS.farcasterFlow, flow)
    },
    theme(): StoredTheme | undefined {
      const stored = read(KEYS.theme) as Partial<StoredTheme> | undefined
      if (stored?.themeMode !== 'dark' && stored?.themeMode !== 'light') return
      return typeof stored.accent === 'string'
        ? { themeMode: stored.themeMode, accent: stored.accent }
        : { themeMode: stored.themeMode }
    },
    setTheme(theme: StoredTheme): void {
      write(KEYS.theme, theme)
    },
    /** The account type the user chose to act with on EVM, if they chose. */
    preferredAccountType(): EmbeddedAccountType | undefined {
      const stored = read(KEYS.preferredAccountType)
      return stored === 'eoa' || stored === 'smartAccount' ? stored : undefined
    },
    setPreferredAccountType(type: EmbeddedAccountType): void {
      write(KEYS.preferredAccountType, type)
    },
  }
}

function isStoredSession(value: unknown): value is StoredSession {
  const session = value as Partial<StoredSession> | undefined
  return (
    typeof session?.token === 'string' &&
    session.token.length > 0 &&
    typeof session.expiresAt === 'string' &&
    typeof session.address === 'string' &&
    /^0x[0-9a-fA-F]{40}$/.test(session.address) &&
    (session.smartAccount === undefined ||
      (typeof session.smartAccount === 'string' &&
        /^0x[0-9a-fA-F]{40}$/.test(session.smartAccount))) &&
    (session.solanaAddress === undefined ||
      (typeof session.solanaAddress === 'string' &&
        /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(session.solanaAddress)))
  )
}

function base64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
