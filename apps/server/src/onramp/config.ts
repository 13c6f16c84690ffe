import type { OnrampProviderId } from '@latch/protocol'
import type { Failpoint } from './constants.ts'

/** The on-ramp: the providers this server offers and how each is reached. */
export type OnrampConfig = {
  /** Offered when ONRAMP_COINBASE_APP_ID is set; the buy flow at ONRAMP_COINBASE_URL. */
  coinbase: { appId: string; url: string } | undefined
  /** Offered when ONRAMP_MELD_PUBLIC_KEY is set; the widget at ONRAMP_MELD_URL. */
  meld: { publicKey: string; url: string } | undefined
  /**
   * The test-mode provider that pays out on the devnet, from the treasury key
   * (ONRAMP_SANDBOX_TREASURY_KEY, else the devnet manifest's). Never in production;
   * ONRAMP_SANDBOX=false turns it off.
   */
  sandbox: { treasuryKey: `0x${string}`; payAttemptsPerMinute: number } | undefined
  /** The configured providers, in the order coinbase, meld, sandbox. */
  providers: OnrampProviderId[]
  /** USD per EUR (ONRAMP_USD_PER_EUR): the price source knows USD only. */
  usdPerEur: number
  /** LATCH_FAILPOINT, for the crash tests; refused in production. */
  failpoint: Failpoint | undefined
}
