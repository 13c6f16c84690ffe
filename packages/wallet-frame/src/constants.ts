// Constants of the wallet frame page. The protocol's own constants (timeouts, method lists) live in
// @latch/protocol/frame; these are the frame's choices.

/** Every localStorage key of the frame starts with this, so it never collides with anything else. */
export const STORAGE_PREFIX = 'latch-frame/'

/**
 * Mirrors WALLET_API_PREFIX of @latch/protocol's embedded.ts; importing it would bundle zod into the
 * page (a test checks the two stay equal).
 */
export const WALLET_API_PATH = '/wallet/v1'

/** A click on Approve or Reject counts only this long after the screen was drawn (no timed tricks). */
export const APPROVAL_CLICK_DELAY_MS = 500

/** Bytes of randomness in the device id (base64url: 43 characters). */
export const DEVICE_ID_BYTES = 32

/** The theme when the app has sent none (the kit's default themeMode). */
export const DEFAULT_THEME_MODE = 'dark'

/**
 * EIP-1474 code of a transaction the frame refused to send (the user closed a screen that said it
 * cannot go through): viem reads it as a rejected transaction, not as the user's rejection.
 */
export const TRANSACTION_REFUSED_CODE = -32003

/** Messages of errors the frame raises itself (the server's own messages are forwarded as is). */
export const NOT_SIGNED_IN_MESSAGE = 'Not signed in'
export const USER_REJECTED_MESSAGE = 'User rejected the request'
export const READ_CALLS_TO_GATEWAY_MESSAGE = 'Send read calls to the gateway'
export const NETWORK_ERROR_MESSAGE = 'Could not reach the wallet server'
/** A 5xx of the wallet server: its own words may be internal, this is what the app shows. */
export const SERVER_ERROR_MESSAGE = 'The wallet server could not do this right now: try again'
export const NO_EMAIL_LOGIN_MESSAGE = 'No email login in progress'
export const NO_SOCIAL_LOGIN_MESSAGE = 'No social login in progress'
export const NO_SOLANA_ACCOUNT_MESSAGE = 'This wallet has no Solana account'
