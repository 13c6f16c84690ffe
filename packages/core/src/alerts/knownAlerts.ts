import type { KnownAlert } from './types.ts'

// What a visitor is told of a mistake in the site's setup: the console tells its developer more.
const NOT_SET_UP =
  "This site's wallet service is not set up correctly. Wallets installed in your browser still work, but some features are unavailable."
const UNREACHABLE =
  "This site's wallet service could not be reached. Wallets installed in your browser still work, but some features are unavailable."

/** The alerts the kit raises, keyed by what went wrong; their titles are fixed product wording. */
export const KNOWN_ALERTS = {
  networkNotFound: {
    shortMessage: 'Network Not Found',
    longMessage:
      "The network asked for is not one of this app's networks. Pick one of the networks offered, or add it to the app's networks option.",
    variant: 'error',
  },
  invalidAppConfiguration: {
    shortMessage: 'Invalid App Configuration',
    longMessage: NOT_SET_UP,
    variant: 'error',
  },
  embeddedWalletLoadFailed: {
    shortMessage: 'Embedded wallet load failed',
    longMessage:
      'The embedded wallet did not load, so email and social login are unavailable. Check the connection and reload the page.',
    variant: 'error',
  },
  embeddedWalletRequestTimedOut: {
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage:
      'The embedded wallet did not answer in time. Try again; if it keeps happening, reload the page.',
    variant: 'error',
  },
  sessionExpired: {
    shortMessage: 'Session Expired',
    longMessage:
      "The session has expired. Check that this device's date, time and time zone are set correctly, then reconnect.",
    variant: 'warning',
  },
  invalidProjectId: {
    shortMessage: 'Invalid Project ID',
    longMessage: NOT_SET_UP,
    variant: 'error',
  },
  projectIdNotConfigured: {
    shortMessage: 'Project ID Not Configured',
    longMessage: NOT_SET_UP,
    variant: 'error',
  },
  serviceUnreachable: {
    shortMessage: 'Service Unreachable',
    longMessage: UNREACHABLE,
    variant: 'error',
  },
} as const satisfies Record<string, KnownAlert>

export type KnownAlertId = keyof typeof KNOWN_ALERTS
