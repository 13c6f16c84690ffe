import type { KnownAlert } from './types.ts'

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
    longMessage:
      "The Latch server refused this app's configuration. Check that the project id is right and that this site's origin is allowed for the project.",
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
    longMessage:
      'The Latch server does not know this project id. Check the projectId option against the projects configured on the server.',
    variant: 'error',
  },
  projectIdNotConfigured: {
    shortMessage: 'Project ID Not Configured',
    longMessage:
      'No projectId was given. Pass the projectId of a project on your Latch server; calls to the server fail until then.',
    variant: 'error',
  },
} as const satisfies Record<string, KnownAlert>

export type KnownAlertId = keyof typeof KNOWN_ALERTS

/** The alert raised when the page's origin is not on the project's allowlist. */
export function originNotAllowedAlert(origin: string): KnownAlert {
  return {
    shortMessage: 'Origin Not Allowed',
    longMessage: `${origin} is not on this project's list of allowed origins, so the Latch server may refuse its calls. Add ${origin} to the project's allowed origins.`,
    variant: 'error',
  }
}
