export { didKeyFromPublicKey, RelayAuthError, verifyRelayAuth } from './auth.ts'
export { DEFAULT_RELAY_PORT, DEV_PROJECT_ID } from './constants.ts'
export { type Relay, type RelayOptions, startRelay } from './relay.ts'
