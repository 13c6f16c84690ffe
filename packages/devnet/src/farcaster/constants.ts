/** Fixed values of the devnet's Farcaster stand-ins. No imports: the warm start path stays light. */

/** Port of the Farcaster auth relay stand-in unless told otherwise. */
export const DEFAULT_FARCASTER_RELAY_PORT = 8556
/** Port of the OP-stack-like chain that holds the ID Registry unless told otherwise. */
export const DEFAULT_OPTIMISM_PORT = 8557

/** OP Mainnet's chain id: Sign In With Farcaster messages name it, and verifiers read it. */
export const OPTIMISM_CHAIN_ID = 10
export const OPTIMISM_CHAIN_NAME = 'Latch Optimism Devnet'

/** Farcaster's ID Registry on OP Mainnet: the devnet places its stand-in at the same address. */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b' as const

/**
 * How long a channel lives on the relay: the visitor has this long to approve in their app. The
 * hosted relay keeps channels for minutes too; a channel past it is gone (401 on its status).
 */
export const DEFAULT_CHANNEL_TTL_MS = 5 * 60_000

/**
 * The key the devnet's Farcaster app sends in X-Farcaster-Auth-Relay-Key to authenticate a
 * channel, as the hosted relay asks of Farcaster clients: public, for devnets only.
 */
export const DEVNET_FARCASTER_APP_KEY = 'latch-devnet-farcaster-app'

/** Where a channel's connect URI points: the Farcaster app opens it from the QR code. */
export const SIWF_CONNECT_URL = 'https://warpcast.com/~/siwf'

/**
 * The devnet's Farcaster accounts. Each custody key is keccak256 of 'latch devnet farcaster
 * <username>' (public, devnets only); `smartCustody` holds its fid in a contract account its key
 * owns (ERC-1271), as smart-wallet custodies do.
 */
export const FARCASTER_ACCOUNTS = [
  { fid: 1001, username: 'alice', displayName: 'Alice Devnet', color: [232, 93, 117] },
  { fid: 1002, username: 'bob', displayName: 'Bob Devnet', color: [72, 149, 239] },
  { fid: 1003, username: 'carol', displayName: 'Carol Devnet', color: [94, 186, 125] },
  {
    fid: 1004,
    username: 'dave',
    displayName: 'Dave Devnet',
    color: [245, 166, 35],
    smartCustody: true,
  },
] as const

/** The address of the contract custody the devnet places for `smartCustody` accounts, by fid. */
export const smartCustodyAddress = (fid: number): `0x${string}` =>
  `0x00000000000000000000000000000000fc${fid.toString(16).padStart(6, '0')}`
