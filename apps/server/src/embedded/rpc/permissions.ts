import {
  encodeEnableSession,
  encodeInstallSessionValidator,
  encodeRevokeSession,
  erc7579ModuleConfigAbi,
  type GrantResponse,
  grantPermissionsParams,
  MODULE_TYPE_VALIDATOR,
  onChainSession,
  type PermissionRequest,
  permissionRequestTimeError,
  revokePermissionsParams,
  sessionPci,
} from '@latch/protocol/smart-sessions'
import { type Address, type Hex, toHex } from 'viem'
import type { ChainClient } from '../../chains/clients.ts'
import { HttpError } from '../../errors.ts'
import { chainTime } from '../../sessions/sessionChain.ts'
import {
  recordGrant,
  recordRevocation,
  requireSession,
  type SessionsContext,
} from '../../sessions/sessionsService.ts'
import type { AccountCall } from '../../smartAccounts/latchAccount.ts'
import type { EmbeddedContext } from '../context.ts'
import { type SmartAccountChain, smartAccountAddress } from '../smartAccount/chains.ts'
import { waitForUserOperation } from '../smartAccount/userOperations.ts'
import type { WalletUser } from '../users.ts'
import { parseParams } from './params.ts'
import { sendSmartAccountCalls } from './smartAccountRpc.ts'

/** The smart-session methods the embedded wallet answers, each after the user's approval. */
export const PERMISSION_METHODS = ['wallet_grantPermissions', 'wallet_revokePermissions'] as const

/** What the user is told when their grant or revocation reverted inside the user operation. */
export const PERMISSIONS_REVERTED_MESSAGE =
  'The change of permissions reverted in your smart account (its network fee was paid)'

/** Recorded as the site of a grant when the frame did not say which site asked. */
const UNKNOWN_ORIGIN = 'unknown'

type PermissionsRequest = {
  method: string
  params?: unknown
  projectId?: string | undefined
  origin?: string | undefined
}

/** The chain a permissions call names in its params (hex chain id), if it is readable. */
export function permissionsChainId(params: unknown): number | undefined {
  const [first] = Array.isArray(params) ? params : []
  const chainId = (first as { chainId?: unknown } | undefined)?.chainId
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId)) return undefined
  return Number(BigInt(chainId))
}

function validatorOf(chain: ChainClient): Address {
  const validator = chain.config.sessionValidator
  if (!validator) throw new HttpError(400, 'Smart sessions are not available on this chain')
  return validator
}

/**
 * The refusals a request needs the chain for: the expiry against the chain's clock, and every
 * token limit in a token the chain's token list knows (a limit in an unknown token would show the
 * visitor an amount they cannot read).
 */
async function checkAgainstChain(chain: ChainClient, request: PermissionRequest): Promise<number> {
  const now = await chainTime(chain)
  const timeError = permissionRequestTimeError(request, now)
  if (timeError) throw new HttpError(400, `Invalid wallet_grantPermissions request: ${timeError}`)
  for (const permission of request.permissions) {
    if (permission.type !== 'erc20-token-periodic') continue
    const token = permission.data.tokenAddress.toLowerCase()
    if (!chain.config.tokens.some((known) => known.address.toLowerCase() === token)) {
      throw new HttpError(
        400,
        `Unknown token ${permission.data.tokenAddress} on ${chain.caipNetworkId}: a limit must be in a token of the chain's token list`,
      )
    }
  }
  return now
}

async function isValidatorInstalled(
  chain: ChainClient,
  account: Address,
  validator: Address,
): Promise<boolean> {
  const code = await chain.client.getCode({ address: account })
  if (!code || code === '0x') return false
  return chain.client.readContract({
    address: account,
    abi: erc7579ModuleConfigAbi,
    functionName: 'isModuleInstalled',
    args: [MODULE_TYPE_VALIDATOR, validator, '0x'],
  })
}

/** Sends `calls` from the user's smart account and waits until they are in a block. */
async function sendAndWait(
  context: Pick<EmbeddedContext, 'vault' | 'sponsor' | 'projects'>,
  user: WalletUser,
  chain: ChainClient,
  smart: SmartAccountChain,
  projectId: string | undefined,
  calls: AccountCall[],
): Promise<void> {
  const { hash } = await sendSmartAccountCalls(context, user, chain, smart, projectId, calls)
  const landed = await waitForUserOperation(smart, chain, user.address as Address, hash)
  if (!landed.success) throw new HttpError(400, PERMISSIONS_REVERTED_MESSAGE)
}

/**
 * wallet_grantPermissions (ERC-7715) for the user's smart account, after their approval in the
 * frame: one owner-signed user operation installs LatchSessionValidator with the session (or
 * enables the session, when it is installed already); once it is in a block the session is
 * recorded under the requesting site's origin and answered with its id (`context`).
 */
export async function grantPermissions(
  context: Pick<EmbeddedContext, 'vault' | 'sponsor' | 'projects' | 'db' | 'chains'>,
  user: WalletUser,
  chain: ChainClient,
  smart: SmartAccountChain,
  request: PermissionsRequest,
): Promise<GrantResponse> {
  const [permissionRequest] = parseParams(request.method, grantPermissionsParams, request.params)
  const chainId = chain.config.chainId
  if (BigInt(permissionRequest.chainId) !== BigInt(chainId))
    throw new HttpError(400, 'The request chainId is not the requested chain')
  const account = smartAccountAddress(smart, user.address as Address)
  if (
    permissionRequest.address &&
    permissionRequest.address.toLowerCase() !== account.toLowerCase()
  )
    throw new HttpError(400, `Address ${permissionRequest.address} is not your smart account`)
  const validator = validatorOf(chain)
  await checkAgainstChain(chain, permissionRequest)

  const session = onChainSession(permissionRequest)
  const salt = toHex(crypto.getRandomValues(new Uint8Array(32)))
  const pci = sessionPci({ chainId, account, session, salt })
  const installed = await isValidatorInstalled(chain, account, validator)
  const call: AccountCall = installed
    ? { to: validator, value: 0n, data: encodeEnableSession(pci, session) }
    : { to: account, value: 0n, data: encodeInstallSessionValidator(validator, { pci, session }) }
  await sendAndWait(context, user, chain, smart, request.projectId, [call])

  const grantedAt = await chainTime(chain)
  const sessions: SessionsContext = { db: context.db, chains: context.chains }
  await recordGrant(sessions, {
    chainId,
    pci,
    account,
    origin: request.origin ?? UNKNOWN_ORIGIN,
    signer: session.signer,
    permissions: permissionRequest.permissions,
    expiry: permissionRequest.expiry,
    grantedAt,
    revokedAt: undefined,
  })
  const { address: _asked, ...granted } = permissionRequest
  return { ...granted, address: account, context: pci, grantedAt }
}

/**
 * wallet_revokePermissions for the user's smart account, after their approval: the owner-signed
 * revokeSession user operation, then the revocation recorded as the public route records it.
 * A session the account does not have: 404.
 */
export async function revokePermissions(
  context: Pick<EmbeddedContext, 'vault' | 'sponsor' | 'projects' | 'db' | 'chains'>,
  user: WalletUser,
  chain: ChainClient,
  smart: SmartAccountChain,
  request: PermissionsRequest,
): Promise<null> {
  const [{ permissionsContext, chainId }] = parseParams(
    request.method,
    revokePermissionsParams,
    request.params,
  )
  if (BigInt(chainId) !== BigInt(chain.config.chainId))
    throw new HttpError(400, 'The request chainId is not the requested chain')
  const account = smartAccountAddress(smart, user.address as Address)
  const sessions: SessionsContext = { db: context.db, chains: context.chains }
  const record = await requireSession(sessions, account, permissionsContext as Hex)
  const call = { to: validatorOf(chain), value: 0n, data: encodeRevokeSession(record.pci) }
  await sendAndWait(context, user, chain, smart, request.projectId, [call])
  await recordRevocation(sessions, record)
  return null
}
