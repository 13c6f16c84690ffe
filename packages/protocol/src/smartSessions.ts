import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  toFunctionSelector,
} from 'viem'
import { publicKeyToAddress } from 'viem/accounts'
import { z } from 'zod'
import { withEvmChecksum } from './addressSchemas.ts'
import { clientQuery } from './api.ts'
import { text } from './text.ts'

// Smart sessions (ERC-7715): a site asks once for limited permissions on the visitor's smart
// account (which contracts and functions, how much of a token per period, until when) for a key
// the site holds; the account's LatchSessionValidator module enforces them on every user operation
// that key signs. This file holds the request and answer shapes the kit, the wallet frame and the
// server share, and the encoders of what the validator contract reads, so none of them can drift.

/** The longest a session may last: a year from the grant. */
export const SESSION_MAX_DURATION_SECONDS = 365 * 24 * 60 * 60
/** The most permissions one request may carry (each allowed call is a storage write on chain). */
export const SESSION_MAX_PERMISSIONS = 32
/** The most functions one contract-call permission may list. */
export const SESSION_MAX_FUNCTIONS = 16
/** ERC-7579 module type of a validator, the type LatchSessionValidator installs as. */
export const MODULE_TYPE_VALIDATOR = 1n
/** The token address a spending limit uses for the chain's native coin. */
export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000' as const

const hexAddress = withEvmChecksum(
  text({ typeError: 'Expected an address: 0x followed by 40 hex characters' }).regex(
    /^0x[0-9a-fA-F]{40}$/,
    'Expected an address: 0x followed by 40 hex characters',
  ),
).transform((value) => value as Address)

/** A session id: the keccak hash the granting side derives (`sessionPci`). */
export const permissionsContext = text({
  typeError: 'Expected a permissions context: 0x followed by 64 hex characters',
})
  .regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a permissions context: 0x followed by 64 hex characters')
  .transform((value) => value.toLowerCase() as Hex)

const hexChainId = text({ typeError: 'chainId must be a hex chain id such as 0x7a69' })
  .regex(/^0x[0-9a-fA-F]{1,16}$/, 'chainId must be a hex chain id such as 0x7a69')
  .transform((value) => value.toLowerCase() as Hex)
  .refine((value) => BigInt(value) > 0n, 'chainId must be a positive chain id')

/** A token amount in base units, as a decimal string (a uint256 that is not zero). */
const periodAmount = text({ typeError: 'periodAmount must be a decimal string of base units' })
  .regex(/^[0-9]{1,78}$/, 'periodAmount must be a decimal string of base units, such as "10000000"')
  .refine(
    (value) => BigInt(value) > 0n && BigInt(value) < 2n ** 256n,
    'periodAmount must be more than 0 and fit in 256 bits',
  )

const periodDuration = z
  .number({ error: 'periodDuration must be a number of seconds' })
  .int('periodDuration must be a whole number of seconds')
  .min(60, 'periodDuration must be at least 60 seconds')
  .max(SESSION_MAX_DURATION_SECONDS, 'periodDuration must be at most a year')

/** Whether `signature` is a function signature such as `transfer(address,uint256)`. */
function isFunctionSignature(signature: string): boolean {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*\([A-Za-z0-9_,[\]()]*\)$/.test(signature)) return false
  try {
    toFunctionSelector(signature)
    return true
  } catch {
    return false
  }
}

const functionSignature = text({ typeError: 'Each function must be a string' })
  .max(256, 'A function signature is at most 256 characters')
  .refine(isFunctionSignature, 'Expected a function signature such as "transfer(address,uint256)"')

export const contractCallPermission = z.object({
  type: z.literal('contract-call'),
  data: z.object({
    address: hexAddress,
    functions: z
      .array(functionSignature)
      .min(1, 'A contract-call permission lists at least one function')
      .max(
        SESSION_MAX_FUNCTIONS,
        `A contract-call permission lists at most ${SESSION_MAX_FUNCTIONS} functions`,
      ),
  }),
})

export const erc20PeriodicPermission = z.object({
  type: z.literal('erc20-token-periodic'),
  data: z.object({ tokenAddress: hexAddress, periodAmount, periodDuration }),
})

export const nativePeriodicPermission = z.object({
  type: z.literal('native-token-periodic'),
  data: z.object({ periodAmount, periodDuration }),
})

export const PERMISSION_TYPES = [
  'contract-call',
  'erc20-token-periodic',
  'native-token-periodic',
] as const

export const sessionPermission = z.discriminatedUnion(
  'type',
  [contractCallPermission, erc20PeriodicPermission, nativePeriodicPermission],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `Unknown permission type: expected one of ${PERMISSION_TYPES.join(', ')}`
        : undefined,
  },
)
export type SessionPermission = z.infer<typeof sessionPermission>

/** An uncompressed secp256k1 public key, as viem's local accounts expose it. */
const secp256k1PublicKey = text({
  typeError: 'publicKey must be an uncompressed secp256k1 public key',
})
  .regex(
    /^0x04[0-9a-fA-F]{128}$/,
    'publicKey must be an uncompressed secp256k1 public key: 0x04 followed by 128 hex characters',
  )
  .transform((value) => value as Hex)

export const sessionSigner = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('key'),
      data: z.object({ type: z.literal('secp256k1'), publicKey: secp256k1PublicKey }),
    }),
    z.object({ type: z.literal('account'), data: z.object({ address: hexAddress }) }),
  ],
  {
    error:
      'signer must be { type: "key", data: { type: "secp256k1", publicKey } } or { type: "account", data: { address } }',
  },
)
export type SessionSigner = z.infer<typeof sessionSigner>

/** The address that signs a session's user operations. */
export function sessionSignerAddress(signer: SessionSigner): Address {
  return signer.type === 'account' ? signer.data.address : publicKeyToAddress(signer.data.publicKey)
}

/**
 * The shape of an ERC-7715 request, before the checks that need the clock (`checkPermissionRequest`).
 * The rules that need only the request itself are here: each periodic limit on a token comes with a
 * contract-call permission on that token (else the limit could never be spent and the site asked
 * for something else than it meant), and one limit per token.
 */
export const permissionRequest = z
  .object({
    chainId: hexChainId,
    address: hexAddress.optional(),
    expiry: z
      .number({ error: 'expiry is required: the session end, in unix seconds' })
      .int('expiry must be whole unix seconds'),
    signer: sessionSigner,
    permissions: z
      .array(sessionPermission, { error: 'permissions must be a list' })
      .min(1, 'permissions must hold at least one permission')
      .max(SESSION_MAX_PERMISSIONS, `permissions holds at most ${SESSION_MAX_PERMISSIONS} entries`),
  })
  .superRefine((request, context) => {
    const called = new Set(
      request.permissions
        .filter((permission) => permission.type === 'contract-call')
        .map((permission) => permission.data.address.toLowerCase()),
    )
    const limited = new Set<string>()
    for (const [index, permission] of request.permissions.entries()) {
      if (permission.type === 'contract-call') continue
      const token =
        permission.type === 'erc20-token-periodic'
          ? permission.data.tokenAddress.toLowerCase()
          : NATIVE_TOKEN_ADDRESS
      if (limited.has(token)) {
        context.addIssue({
          code: 'custom',
          path: ['permissions', index],
          message: 'Only one periodic limit per token',
        })
      }
      limited.add(token)
      if (permission.type === 'erc20-token-periodic' && !called.has(token)) {
        context.addIssue({
          code: 'custom',
          path: ['permissions', index],
          message: `The limit on ${permission.data.tokenAddress} needs a contract-call permission on that token`,
        })
      }
    }
  })
export type PermissionRequest = z.infer<typeof permissionRequest>
/** What a site passes in: the request before parsing. */
export type PermissionRequestInput = z.input<typeof permissionRequest>

/**
 * The checks that need the clock (the chain's time, `now` in unix seconds): the expiry is in the
 * future and at most a year ahead. Answers the message to refuse with, or undefined.
 */
export function permissionRequestTimeError(
  request: PermissionRequest,
  now: number,
): string | undefined {
  if (request.expiry <= now) return 'expiry must be in the future'
  if (request.expiry > now + SESSION_MAX_DURATION_SECONDS)
    return 'expiry must be at most a year ahead'
  return undefined
}

/** `wallet_grantPermissions` params: one request. */
export const grantPermissionsParams = z.tuple([permissionRequest], {
  error: 'wallet_grantPermissions takes one permission request',
})

/** What `wallet_grantPermissions` answers: the request as granted, its account and its id. */
export type GrantResponse = Omit<PermissionRequest, 'address'> & {
  address: Address
  /** The session's id on chain (`pci`), which signs its user operations and revokes it. */
  context: Hex
  /** When the grant was included, unix seconds. */
  grantedAt: number
}

export const grantResponse = z.object({
  chainId: z.string(),
  address: hexAddress,
  expiry: z.number(),
  signer: sessionSigner,
  permissions: z.array(sessionPermission),
  context: permissionsContext,
  grantedAt: z.number(),
})

/** `wallet_revokePermissions` params: the session and its chain. */
export const revokePermissionsParams = z.tuple(
  [z.object({ permissionsContext, chainId: hexChainId })],
  { error: 'wallet_revokePermissions takes [{ permissionsContext, chainId }]' },
)

// ---------------------------------------------------------------------------------------------
// The public routes: GET /v1/sessions/{address}?chainId= and POST /v1/sessions/{address}/revoke.

export const sessionsAddressParams = z.object({ address: hexAddress })

export const revokeSessionBody = z.object({
  pci: permissionsContext,
  signature: text({ typeError: 'signature is required: the owner signature of the revoke message' })
    .regex(/^0x([0-9a-fA-F]{2})+$/, 'signature must be hex bytes such as 0xabcd')
    .max(2 + 2 * 8192, 'signature is at most 8 KiB')
    .transform((value) => value as Hex),
})
export type RevokeSessionBody = z.infer<typeof revokeSessionBody>

/** GET /v1/sessions/{address}: `chainId` (CAIP-2) narrows the list to one chain. */
export const sessionsQuery = clientQuery.extend({
  chainId: text()
    .regex(/^eip155:[0-9]{1,16}$/, 'chainId must be a CAIP-2 EVM chain id such as eip155:31337')
    .optional(),
})

export const sessionStatus = z.enum(['active', 'expired', 'revoked'])
export type SessionStatus = z.infer<typeof sessionStatus>

export const sessionUsage = z.object({
  /** The token's address; 0x0…0 for the native coin. */
  token: z.string(),
  symbol: z.string(),
  periodAmount: z.string(),
  periodDuration: z.number(),
  /** Spent in the current period, base units, read from the chain. */
  spent: z.string(),
})
export type SessionUsage = z.infer<typeof sessionUsage>

export const sessionSummary = z.object({
  pci: z.string(),
  /** CAIP-2, such as eip155:31337. */
  chainId: z.string(),
  /** The site that asked for the session. */
  origin: z.string(),
  signer: z.string(),
  // A check, not a parse: the server encodes its answers with this schema.
  permissions: z.array(
    z.custom<SessionPermission>((value) => typeof value === 'object' && value !== null),
  ),
  expiry: z.number(),
  grantedAt: z.number(),
  /** Read from the chain: revoked there, past its expiry by the chain's clock, or active. */
  status: sessionStatus,
  /**
   * When the owner's signed revocation was recorded (unix seconds), if it was. The chain's status
   * is what counts: a revocation recorded but not applied on chain leaves the session active.
   */
  revokedAt: z.number().optional(),
  usage: z.array(sessionUsage),
})
export type SessionSummary = z.infer<typeof sessionSummary>

export const sessionsResponse = z.object({ sessions: z.array(sessionSummary) })
export type SessionsResponse = z.infer<typeof sessionsResponse>

/**
 * The text an account's owner signs (EIP-191) to revoke a session through the public route. It
 * names the chain, the account and the session, so a signature revokes that one session only.
 */
export function revokeSessionMessage(input: {
  chainId: number
  address: Address
  pci: Hex
}): string {
  return [
    'Revoke a Latch smart session',
    '',
    `Account: ${input.address.toLowerCase()}`,
    `Chain: eip155:${input.chainId}`,
    `Session: ${input.pci.toLowerCase()}`,
  ].join('\n')
}

// ---------------------------------------------------------------------------------------------
// What LatchSessionValidator reads.

export type SessionCall = { target: Address; selector: Hex }
export type SessionLimit = { token: Address; periodAmount: bigint; periodDuration: number }
/** A session as the validator stores it. */
export type OnChainSession = {
  signer: Address
  validAfter: number
  validUntil: number
  calls: SessionCall[]
  limits: SessionLimit[]
}

const sessionComponents = [
  { name: 'signer', type: 'address' },
  { name: 'validAfter', type: 'uint48' },
  { name: 'validUntil', type: 'uint48' },
  {
    name: 'calls',
    type: 'tuple[]',
    components: [
      { name: 'target', type: 'address' },
      { name: 'selector', type: 'bytes4' },
    ],
  },
  {
    name: 'limits',
    type: 'tuple[]',
    components: [
      { name: 'token', type: 'address' },
      { name: 'periodAmount', type: 'uint256' },
      { name: 'periodDuration', type: 'uint48' },
    ],
  },
] as const

/** The validator's functions the kit and the server call. */
export const latchSessionValidatorAbi = [
  {
    type: 'function',
    name: 'enableSession',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'pci', type: 'bytes32' },
      { name: 'session', type: 'tuple', components: sessionComponents },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'revokeSession',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'pci', type: 'bytes32' }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'getSession',
    stateMutability: 'view',
    inputs: [
      { name: 'account', type: 'address' },
      { name: 'pci', type: 'bytes32' },
    ],
    outputs: [
      { name: 'session', type: 'tuple', components: sessionComponents },
      { name: 'revoked', type: 'bool' },
    ],
  },
  {
    type: 'function',
    name: 'spent',
    stateMutability: 'view',
    inputs: [
      { name: 'account', type: 'address' },
      { name: 'pci', type: 'bytes32' },
      { name: 'token', type: 'address' },
      { name: 'periodIndex', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'isActive',
    stateMutability: 'view',
    inputs: [
      { name: 'account', type: 'address' },
      { name: 'pci', type: 'bytes32' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'isInitialized',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'event',
    name: 'SessionEnabled',
    inputs: [
      { name: 'account', type: 'address', indexed: true },
      { name: 'pci', type: 'bytes32', indexed: true },
      { name: 'signer', type: 'address', indexed: false },
      { name: 'validUntil', type: 'uint48', indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'SessionRevoked',
    inputs: [
      { name: 'account', type: 'address', indexed: true },
      { name: 'pci', type: 'bytes32', indexed: true },
    ],
  },
  { type: 'error', name: 'SessionExists', inputs: [{ name: 'pci', type: 'bytes32' }] },
  { type: 'error', name: 'SessionUnknown', inputs: [{ name: 'pci', type: 'bytes32' }] },
  { type: 'error', name: 'SessionInvalid', inputs: [{ name: 'reason', type: 'string' }] },
] as const

/** The account functions that install a module and ask whether one is installed (ERC-7579). */
export const erc7579ModuleConfigAbi = [
  {
    type: 'function',
    name: 'installModule',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'moduleTypeId', type: 'uint256' },
      { name: 'module', type: 'address' },
      { name: 'initData', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'isModuleInstalled',
    stateMutability: 'view',
    inputs: [
      { name: 'moduleTypeId', type: 'uint256' },
      { name: 'module', type: 'address' },
      { name: 'additionalContext', type: 'bytes' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const

/** The session the validator stores for `request` (its window opens at once, ends at expiry). */
export function onChainSession(request: PermissionRequest): OnChainSession {
  const calls: SessionCall[] = []
  const limits: SessionLimit[] = []
  for (const permission of request.permissions) {
    if (permission.type === 'contract-call') {
      for (const signature of permission.data.functions) {
        const call = { target: permission.data.address, selector: toFunctionSelector(signature) }
        const seen = calls.some(
          (known) =>
            known.target.toLowerCase() === call.target.toLowerCase() &&
            known.selector === call.selector,
        )
        if (!seen) calls.push(call)
      }
    } else {
      limits.push({
        token:
          permission.type === 'erc20-token-periodic'
            ? permission.data.tokenAddress
            : NATIVE_TOKEN_ADDRESS,
        periodAmount: BigInt(permission.data.periodAmount),
        periodDuration: permission.data.periodDuration,
      })
    }
  }
  return {
    signer: sessionSignerAddress(request.signer),
    validAfter: 0,
    validUntil: request.expiry,
    calls,
    limits,
  }
}

/**
 * A session's id: the hash of everything it grants and where, plus a random salt, so two grants
 * of the same policy get two ids and an id names exactly one grant.
 */
export function sessionPci(input: {
  chainId: number
  account: Address
  session: OnChainSession
  salt: Hex
}): Hex {
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'uint256' },
        { type: 'address' },
        { type: 'tuple', components: sessionComponents },
        { type: 'bytes32' },
      ],
      [BigInt(input.chainId), input.account, input.session, input.salt],
    ),
  )
}

/** Calldata of `enableSession(pci, session)`, which the account calls on the validator. */
export function encodeEnableSession(pci: Hex, session: OnChainSession): Hex {
  return encodeFunctionData({
    abi: latchSessionValidatorAbi,
    functionName: 'enableSession',
    args: [pci, session],
  })
}

/** Calldata of `revokeSession(pci)`, which the account calls on the validator. */
export function encodeRevokeSession(pci: Hex): Hex {
  return encodeFunctionData({
    abi: latchSessionValidatorAbi,
    functionName: 'revokeSession',
    args: [pci],
  })
}

/**
 * Calldata of the account's `installModule(1, validator, initData)`: `initData` empty installs the
 * validator alone, or abi.encode(pci, session) enables a first session with it.
 */
export function encodeInstallSessionValidator(
  validator: Address,
  first?: { pci: Hex; session: OnChainSession },
): Hex {
  const initData = first
    ? encodeAbiParameters(
        [{ type: 'bytes32' }, { type: 'tuple', components: sessionComponents }],
        [first.pci, first.session],
      )
    : '0x'
  return encodeFunctionData({
    abi: erc7579ModuleConfigAbi,
    functionName: 'installModule',
    args: [MODULE_TYPE_VALIDATOR, validator, initData],
  })
}

// The session key's side (nonce key, signature) is zod-free, for the page: sessionSignature.ts.
export {
  encodeSessionSignature,
  sessionNonceKey,
  stubSessionSignature,
} from './sessionSignature.ts'
