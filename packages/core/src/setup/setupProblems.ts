import { KNOWN_ALERTS } from '../alerts/knownAlerts.ts'
import type { SetupProblem } from './types.ts'

// Each line says what is wrong, then how to fix it, then what the visitor gets meanwhile.
const MEANWHILE = 'until then only wallets installed in the browser are offered.'
const FRAME_URL_EXAMPLE = 'http://127.0.0.1:8788'

/** createLatch was given no projectId (or a blank one). */
export const projectIdNotConfigured = (): SetupProblem => ({
  key: 'projectIdNotConfigured',
  level: 'error',
  line: `Project ID Not Configured: createLatch was given no projectId. Pass the id of a project on your Latch server (it seeds the one its DEV_PROJECT_ID names, latch-dev unless set); ${MEANWHILE}`,
  alert: KNOWN_ALERTS.projectIdNotConfigured,
})

/** The server knows no project of that id (it answered 401). */
export const invalidProjectId = (projectId: string, serverUrl: string): SetupProblem => ({
  key: 'invalidProjectId',
  level: 'error',
  line: `Invalid Project ID: the Latch server at ${serverUrl} has no project "${projectId}". Pass the id of one of its projects as projectId (it seeds the one its DEV_PROJECT_ID names); ${MEANWHILE}`,
  alert: KNOWN_ALERTS.invalidProjectId,
})

/**
 * The server refuses the page's origin for the project (a 403, or a CORS refusal). Projects and
 * their origins come from the server's environment: it seeds them at every start.
 */
export const originNotAllowed = (
  origin: string,
  projectId: string,
  serverUrl: string,
): SetupProblem => ({
  key: 'originNotAllowed',
  level: 'error',
  line: `Invalid App Configuration: the Latch server at ${serverUrl} refuses pages on ${origin} for project "${projectId}". Add ${origin} to the project's allowed origins: DEV_PROJECT_ORIGINS in the server's environment (comma-separated; unset, it is CORS_ORIGINS), then restart the server; ${MEANWHILE}`,
  alert: KNOWN_ALERTS.invalidAppConfiguration,
})

/** Nothing answered at serverUrl. */
export const serverUnreachable = (serverUrl: string): SetupProblem => ({
  key: 'serverUnreachable',
  level: 'error',
  line: `Service Unreachable: the Latch server at ${serverUrl} did not answer. Check the serverUrl option and that the server is running; ${MEANWHILE}`,
  alert: KNOWN_ALERTS.serviceUnreachable,
})

/**
 * The site offers email or social login (they are on by default) without the frame they run in. A
 * warning: a site may mean to offer wallets only, and says so by turning them off.
 */
export const loginsWithoutFrame = (): SetupProblem => ({
  key: 'loginsWithoutFrame',
  level: 'warn',
  line: `Email and social login are off: they need the walletFrameUrl option, the Latch server's FRAME_URL (e.g. ${FRAME_URL_EXAMPLE}). Pass it, or set features: { email: false, socials: false } to offer wallets only.`,
})

/** walletFrameUrl is no URL, or not an http(s) one: left out rather than thrown. */
export const invalidWalletFrameUrl = (given: string, reason: string): SetupProblem => ({
  key: 'invalidWalletFrameUrl',
  level: 'error',
  line: `Invalid App Configuration: walletFrameUrl "${given}" ${reason}, so email and social login are off. Pass the Latch server's FRAME_URL, e.g. ${FRAME_URL_EXAMPLE}.`,
})

/** A `walletConnect` option with no client to load: WalletConnect is left out rather than broken. */
export const walletConnectWithoutClient = (): SetupProblem => ({
  key: 'walletConnectWithoutClient',
  level: 'error',
  line: "WalletConnect is off: the walletConnect option needs the client it loads. Install @walletconnect/universal-provider and pass walletConnect: walletConnect({ projectId, relayUrl }), with walletConnect imported from '@latch/core/walletconnect'.",
})
