import type { MasterKeySource } from './masterKey.ts'
import type { SocialProviderConfig } from './social/index.ts'

/** The embedded wallet (email and social login), served on its own origin: the frame's. */
export type EmbeddedConfig = {
  /** The frame origin's listener (FRAME_PORT, 0: a free port; FRAME_HOST, default HOST). */
  framePort: number
  frameHost: string
  /**
   * The frame's public origin (FRAME_URL). Unset: `http://<frameHost>:<port it listens on>`,
   * known only once it listens.
   */
  frameUrl: string | undefined
  /** WALLET_MASTER_KEY, or outside production a key file under DATA_DIR (read when the app starts). */
  masterKey: MasterKeySource
  /** The built wallet-frame page (WALLET_FRAME_DIR). */
  frameDir: string
  mail: {
    /** SMTP_URL, else the devnet's mail catcher; unset: email login answers 503. */
    smtpUrl: string | undefined
    from: string
    /** Development with the devnet's catcher: each code is also logged. Never in production. */
    devLogCodes: boolean
  }
  sessionTtlMs: number
  /** Social providers enabled by their client ids (and the devnet's `dev` provider). */
  social: SocialProviderConfig[]
  /**
   * Log in with Farcaster: the auth relay channels are opened on (LATCH_FARCASTER_RELAY_URL,
   * default Farcaster's hosted relay) and the Optimism RPC the ID Registry is read on
   * (LATCH_OPTIMISM_RPC_URL); in development the devnet's. Unset: Farcaster is not offered.
   */
  farcaster: FarcasterConfig | undefined
}

export type FarcasterConfig = { relayUrl: string; optimismRpcUrl: string }
