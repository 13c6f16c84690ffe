import { RPC_NOT_ALLOWED_MESSAGE, type WalletRpcCost } from '@latch/protocol'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { ChainClient } from '../../chains/clients.ts'
import { HttpError } from '../../errors.ts'
import type { EmbeddedContext } from '../context.ts'
import type { WalletUser } from '../users.ts'
import { decodeUserOperationCallsId } from './callsId.ts'
import { callsStatusChainId, getCallsStatus } from './getCallsStatus.ts'
import {
  grantPermissions,
  PERMISSION_METHODS,
  permissionsChainId,
  revokePermissions,
} from './permissions.ts'
import { personalSign } from './personalSign.ts'
import { sendCalls, sendCallsChainId } from './sendCalls.ts'
import { sendTransaction } from './sendTransaction.ts'
import { signTypedDataV4 } from './signTypedData.ts'
import { smartAccountCost } from './smartAccountCost.ts'
import { isSmartAccountCall, smartAccountRpc } from './smartAccountRpc.ts'
import { SOLANA_SIGNING_METHODS, solanaWalletRpc } from './solana/solanaRpc.ts'
import { transactionCost } from './transactionCost.ts'
import { userOperationCallsStatus } from './userOperationStatus.ts'

type SigningMethod = (
  account: PrivateKeyAccount,
  chain: ChainClient,
  params: unknown,
) => Promise<unknown>

/** The calls that need the user's key; each was approved by the user in the frame. */
const SIGNING_METHODS: Record<string, SigningMethod> = {
  personal_sign: (account, _chain, params) => personalSign(account, params),
  eth_signTypedData_v4: (account, _chain, params) => signTypedDataV4(account, params),
  eth_sendTransaction: sendTransaction,
  wallet_sendCalls: sendCalls,
}

type WalletRpcRequest = {
  method: string
  params?: unknown
  chainId?: number | undefined
  caipNetworkId?: string | undefined
  /** The site's project (the frame's): whose sponsorship a smart account's operation may use. */
  projectId?: string | undefined
  /** The site's origin as the frame saw it: whose smart session a grant records. */
  origin?: string | undefined
}

/** What a wallet call answers, and what the user should know of how it went (see walletRpcResponse). */
export type WalletRpcOutcome = { result: unknown; notice?: string }

/** The chain a call is for: a batch (or its status) names its own, others take the request's. */
function chainIdOf(request: WalletRpcRequest): number | undefined {
  if (request.method === 'wallet_sendCalls')
    return sendCallsChainId(request.params) ?? request.chainId
  if (request.method === 'wallet_getCallsStatus')
    return callsStatusChainId(request.params) ?? request.chainId
  if (isPermissionMethod(request.method))
    return permissionsChainId(request.params) ?? request.chainId
  return request.chainId
}

/** Methods POST /wallet/v1/rpc serves: the signing ones, and the status of a sent batch. */
export const WALLET_RPC_METHODS = [
  ...Object.keys(SIGNING_METHODS),
  'wallet_getCallsStatus',
  ...PERMISSION_METHODS,
  ...Object.keys(SOLANA_SIGNING_METHODS),
]

function isPermissionMethod(method: string): method is (typeof PERMISSION_METHODS)[number] {
  return (PERMISSION_METHODS as readonly string[]).includes(method)
}

/** The EVM chain of a call, or 400 naming what is missing or unsupported. */
function evmChainOf(
  context: Pick<EmbeddedContext, 'chains'>,
  request: WalletRpcRequest,
): ChainClient {
  const chainId = chainIdOf(request)
  if (chainId === undefined) throw new HttpError(400, `chainId is required for ${request.method}`)
  const chain = context.chains.get(chainId)
  if (!chain) throw new HttpError(400, 'Unsupported chain')
  return chain
}

/**
 * One wallet call of the user: signs (the key is decrypted for this call only) or reads a
 * batch's status. A call naming the user's smart account goes through it (see smartAccountRpc);
 * any other account is the owner EOA's. Any other method is refused: 'Requested RPC call is not
 * allowed'.
 */
export async function walletRpc(
  context: Pick<
    EmbeddedContext,
    'chains' | 'vault' | 'db' | 'solanaChains' | 'smartAccounts' | 'sponsor' | 'projects'
  >,
  user: WalletUser,
  request: WalletRpcRequest,
): Promise<WalletRpcOutcome> {
  const solana = Object.hasOwn(SOLANA_SIGNING_METHODS, request.method)
    ? SOLANA_SIGNING_METHODS[request.method]
    : undefined
  if (solana) return { result: await solanaWalletRpc(context, user, request, solana) }
  const signing = Object.hasOwn(SIGNING_METHODS, request.method)
    ? SIGNING_METHODS[request.method]
    : undefined
  const permissions = isPermissionMethod(request.method)
  if (!signing && !permissions && request.method !== 'wallet_getCallsStatus')
    throw new HttpError(400, RPC_NOT_ALLOWED_MESSAGE)
  const chain = evmChainOf(context, request)
  const smart = context.smartAccounts.get(chain.config.chainId)
  if (permissions) {
    // Smart sessions live on the user's smart account: an EOA has no validator to install.
    if (!smart) throw new HttpError(400, 'Smart accounts are not available on this chain')
    const handler =
      request.method === 'wallet_grantPermissions' ? grantPermissions : revokePermissions
    return { result: await handler(context, user, chain, smart, request) }
  }
  if (!signing) {
    const [id] = Array.isArray(request.params) ? request.params : []
    const userOperation = typeof id === 'string' ? decodeUserOperationCallsId(id) : undefined
    if (!userOperation) return { result: await getCallsStatus(context.chains, request.params) }
    if (!smart) throw new HttpError(400, 'Smart accounts are not available on this chain')
    return {
      result: await userOperationCallsStatus(smart, chain, id, userOperation.userOperationHash),
    }
  }
  if (isSmartAccountCall(smart, user.address as `0x${string}`, request))
    return smartAccountRpc(context, user, chain, smart, request)
  return {
    result: await context.vault.withAccount(user.id, user.encryptedKey, (account) =>
      signing(account, chain, request.params),
    ),
  }
}

/**
 * What a transaction of the user would cost (POST /wallet/v1/rpc/cost): asked before the approval
 * screen is drawn. No key is touched.
 */
export async function walletRpcCost(
  context: Pick<EmbeddedContext, 'chains' | 'smartAccounts' | 'sponsor' | 'projects'>,
  user: WalletUser,
  request: WalletRpcRequest,
): Promise<WalletRpcCost> {
  const chain = evmChainOf(context, request)
  const smart = context.smartAccounts.get(chain.config.chainId)
  const owner = user.address as `0x${string}`
  if (isSmartAccountCall(smart, owner, request))
    return smartAccountCost(context, chain, smart, owner, request)
  return transactionCost(chain, user.address, request)
}
