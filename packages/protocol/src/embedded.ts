import { z } from 'zod'
import { projectIdValue } from './api.ts'
import { OTP_LENGTH, SOCIAL_LOGIN_PROVIDERS } from './frame.ts'
import { isSolanaAddress } from './solanaAddress.ts'
import { text } from './text.ts'

// The embedded wallet's HTTP API. It is served only on the wallet frame's origin (FRAME_URL), every
// call is a POST from the frame page itself, and the server refuses a request whose Origin header
// is not the frame's (403): a site's page can never call it, even with a stolen session token.
// Paths are under WALLET_API_PREFIX. Authenticated calls carry `Authorization: Bearer <token>`.

export const WALLET_API_PREFIX = '/wallet/v1'

/** A valid email. Lower-cased and trimmed before use. */
export const emailAddress = text()
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email('Invalid email address'))

export const otpCode = text().regex(
  new RegExp(`^\\d{${OTP_LENGTH}}$`),
  `The code has ${OTP_LENGTH} digits`,
)

/** A random id the frame keeps for its browser; the server stores only its hash. */
export const deviceId = text().regex(
  /^[A-Za-z0-9_-]{22,64}$/,
  'deviceId must be 22 to 64 URL-safe characters',
)

export const socialLoginProvider = z.enum(SOCIAL_LOGIN_PROVIDERS)

// A check, not a transform: the server encodes responses with these schemas too.
const address = z.custom<`0x${string}`>(
  (value) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value),
  'Expected a 0x-prefixed 40-hex-character address',
)

const solanaAccountAddress = z.custom<string>(
  (value) => typeof value === 'string' && isSolanaAddress(value),
  'Expected a Solana address (32 to 44 base58 characters)',
)

const accountType = z.enum(['eoa', 'smartAccount'])

export const connectedUser = z.object({
  email: z.string().optional(),
  address,
  chainId: z.number().int().positive(),
  accounts: z.array(
    z.union([
      z.object({ namespace: z.literal('eip155').optional(), address, type: accountType }),
      z.object({
        namespace: z.literal('solana'),
        address: solanaAccountAddress,
        type: accountType,
      }),
    ]),
  ),
  userName: z.string().optional(),
  preferredAccountType: z.enum(['eoa', 'smartAccount']),
  smartAccountDeployed: z.boolean(),
  socialProvider: socialLoginProvider.optional(),
  /** The Farcaster account of a user who logged in with Farcaster: its fid, name and avatar. */
  farcaster: z
    .object({
      fid: z.number().int().positive(),
      username: z.string(),
      displayName: z.string().optional(),
      pfpUrl: z.string().optional(),
    })
    .optional(),
})

/** What a login returns: the session token (kept by the frame only) and the user. */
export const walletSessionResponse = z.object({
  sessionToken: z.string(),
  expiresAt: z.string().describe('ISO 8601'),
  user: connectedUser,
})
export type WalletSessionResponse = z.infer<typeof walletSessionResponse>

// POST /wallet/v1/email/start
export const emailStartBody = z.object({
  email: emailAddress,
  deviceId,
  projectId: projectIdValue,
})
export const emailStartResponse = z.object({ action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']) })

// POST /wallet/v1/email/device: long poll; `approved: true` once the mailed link was opened (the
// code is then on its way); `approved: false` when the poll ran out (ask again).
export const emailDeviceBody = z.object({ email: emailAddress, deviceId })
export const emailDeviceResponse = z.object({ approved: z.boolean() })

// POST /wallet/v1/email/verify
export const emailVerifyBody = z.object({ email: emailAddress, otp: otpCode, deviceId })
export const emailVerifyResponse = walletSessionResponse

// GET /wallet/v1/device/approve?token=... : the link in the mail; an HTML page.
export const deviceApproveQuery = z.object({ token: text().min(16).max(128) })

// POST /wallet/v1/social/start
export const socialStartBody = z.object({
  provider: socialLoginProvider,
  deviceId,
  projectId: projectIdValue,
})
export const socialStartResponse = z.object({
  flowId: z.string(),
  /** Only the frame has it; /social/finish needs it, so the URL alone (which the site sees) is useless. */
  flowSecret: z.string(),
  /** The provider's authorize URL, with PKCE challenge, state and nonce: opened in the popup. */
  authorizationUrl: z.string().url(),
})

// GET /wallet/v1/social/callback?code&state : the provider's redirect; an HTML page that closes itself.

// POST /wallet/v1/social/finish: long poll until the callback arrived.
export const socialFinishBody = z.object({
  flowId: text().min(1).max(128),
  flowSecret: text().min(1).max(128),
})
export const socialFinishResponse = z.union([
  z.object({ status: z.literal('pending') }),
  walletSessionResponse.extend({ status: z.literal('connected') }),
])

// POST /wallet/v1/social/cancel
export const socialCancelBody = socialFinishBody

// POST /wallet/v1/farcaster/start: a Sign In With Farcaster channel on the relay, for this login.
export const farcasterStartBody = z.object({ deviceId, projectId: projectIdValue })
export const farcasterStartResponse = z.object({
  flowId: z.string(),
  /** Only the frame has it: /farcaster/finish needs it, so the channel's URL alone is useless. */
  flowSecret: z.string(),
  /** The channel's connect URI: the QR code the visitor scans with their Farcaster app. */
  url: z.string().url(),
  expiresAt: z.string().describe('ISO 8601'),
})

// POST /wallet/v1/farcaster/finish: long poll until the Farcaster app answered. A decline and an
// expired channel are 400s with FARCASTER_DECLINED_MESSAGE and FARCASTER_EXPIRED_MESSAGE; a
// message that fails a check is a 401 saying which.
export const farcasterFinishBody = socialFinishBody
export const farcasterFinishResponse = socialFinishResponse

// POST /wallet/v1/farcaster/cancel
export const farcasterCancelBody = socialFinishBody

// POST /wallet/v1/session/user (Bearer): the user, on `chainId` when given.
export const sessionUserBody = z.object({ chainId: z.number().int().positive().optional() })
export const sessionUserResponse = connectedUser

// POST /wallet/v1/session/signout (Bearer): revokes the session. Always 200.
export const signOutResponse = z.object({ ok: z.literal(true) })

/** A Solana network as CAIP-2: `solana:` and the first 32 characters of its genesis hash. */
const solanaNetworkId = text().regex(
  /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/,
  'caipNetworkId must be solana: and 32 base58 characters',
)

// POST /wallet/v1/rpc (Bearer): a signing or sending call the user approved in the frame:
// personal_sign, eth_signTypedData_v4, eth_sendTransaction, wallet_sendCalls, wallet_getCallsStatus
// on the EVM chain `chainId` (required for them); solana_signMessage, solana_signTransaction,
// solana_signAllTransactions, solana_signAndSendTransaction on the Solana network `caipNetworkId`
// (default: the first configured one).
export const walletRpcBody = z.object({
  method: text().min(1).max(64),
  params: z.unknown().optional(),
  chainId: z.number().int().positive().optional(),
  caipNetworkId: solanaNetworkId.optional(),
  /** The project of the site the frame serves: whose gas sponsorship a smart account may use. */
  projectId: projectIdValue.optional(),
  /**
   * The origin of the site the frame serves, as the frame saw it on the request's postMessage:
   * what a smart session it grants (wallet_grantPermissions) is recorded under.
   */
  origin: text().max(512, 'origin is at most 512 characters').optional(),
})
export const walletRpcResponse = z.object({
  result: z.unknown(),
  /** What the user should know of how it went: the site did not pay the network fee, and why. */
  notice: z.string().optional(),
})

/** An amount in base units (wei), as a decimal string: JSON has no bigint. */
const baseUnits = z.string().regex(/^\d+$/, 'Expected an amount in base units')

// POST /wallet/v1/rpc/cost (Bearer): what an eth_sendTransaction or wallet_sendCalls would take
// from the user's native balance, asked before the approval screen is drawn, so it can name the
// network and warn of a shortfall. Nothing is signed or sent.
export const walletRpcCostBody = walletRpcBody
export const walletRpcCostResponse = z.object({
  network: z.object({ chainId: z.number().int().positive(), name: z.string() }),
  currency: z.object({ symbol: z.string(), decimals: z.number().int().nonnegative() }),
  /** The user's native balance. */
  balance: baseUnits,
  /** The native coin the call sends (all calls of a batch together). */
  value: baseUnits,
  /** Gas x the highest price per gas it may pay; null when it could not be estimated. */
  fee: baseUnits.nullable(),
  /** Why the fee is unknown, when the chain said (e.g. the call reverts). */
  feeError: z.string().optional(),
  /** What the balance lacks for value + fee; '0' when it pays. */
  shortfall: baseUnits,
  /**
   * A smart account's user operation: all the gas it may use and its highest price per gas (the
   * fee is their product). Absent for the EOA, whose fee sums its calls' own estimates.
   */
  gas: baseUnits.optional(),
  maxFeePerGas: baseUnits.optional(),
  /** Who pays the fee instead of the user: the site's name, when it sponsors this operation. */
  sponsor: z.string().optional(),
  /** Why the site does not pay the fee of an operation it could have sponsored: the user does. */
  sponsorshipNotice: z.string().optional(),
  /** The chain's tokens the server knows: the screen names what a call approves or moves. */
  tokens: z
    .array(z.object({ address, symbol: z.string(), decimals: z.number().int().nonnegative() }))
    .optional(),
  /** The chain's Uniswap V2 router, when the server knows it: swaps through it say so. */
  swapRouter: address.optional(),
})
export type WalletRpcCost = z.infer<typeof walletRpcCostResponse>

// POST /wallet/v1/solana/network (Bearer): the Solana network a solana_* call goes to (the given
// one, else the first configured), so the approval screen names it and its tokens.
export const solanaNetworkBody = z.object({ caipNetworkId: solanaNetworkId.optional() })
export const solanaNetworkResponse = z.object({
  caipNetworkId: z.string(),
  name: z.string(),
  currency: z.object({ symbol: z.string(), decimals: z.number().int().nonnegative() }),
  /** The SPL tokens the server knows on it (by mint), so a transfer shows its symbol. */
  tokens: z.array(
    z.object({ mint: z.string(), symbol: z.string(), decimals: z.number().int().nonnegative() }),
  ),
})
export type SolanaNetworkInfo = z.infer<typeof solanaNetworkResponse>

// POST /wallet/v1/evm/network (Bearer): an EVM chain as the approval screen names it (name, coin,
// known tokens), so a grant of permissions shows its limits in the token's symbol and decimals.
export const evmNetworkBody = z.object({ chainId: z.number().int().positive() })
export const evmNetworkResponse = z.object({
  chainId: z.number().int().positive(),
  name: z.string(),
  currency: z.object({ symbol: z.string(), decimals: z.number().int().nonnegative() }),
  /** The ERC-20 tokens the server knows on it (never one flagged as spam). */
  tokens: z.array(
    z.object({ address, symbol: z.string(), decimals: z.number().int().nonnegative() }),
  ),
})
export type EvmNetworkInfo = z.infer<typeof evmNetworkResponse>

// POST /wallet/v1/email/update (Bearer): a code to the current address and one to `email`.
export const emailUpdateBody = z.object({ email: emailAddress })
export const emailUpdateResponse = z.object({ action: z.literal('VERIFY_PRIMARY_OTP') })
// POST /wallet/v1/email/update/primary (Bearer)
export const emailUpdatePrimaryBody = z.object({ otp: otpCode })
export const emailUpdatePrimaryResponse = z.object({ action: z.literal('VERIFY_SECONDARY_OTP') })
// POST /wallet/v1/email/update/secondary (Bearer)
export const emailUpdateSecondaryBody = z.object({ otp: otpCode })
export const emailUpdateSecondaryResponse = z.object({ email: z.string() })
