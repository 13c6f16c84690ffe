import { RPC_NOT_ALLOWED_MESSAGE } from '@latch/protocol'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { ChainClient } from '../../chains/clients.ts'
import { HttpError } from '../../errors.ts'
import type { EmbeddedContext } from '../context.ts'
import type { WalletUser } from '../users.ts'
import { callsStatusChainId, getCallsStatus } from './getCallsStatus.ts'
import { personalSign } from './personalSign.ts'
import { sendCalls, sendCallsChainId } from './sendCalls.ts'
import { sendTransaction } from './sendTransaction.ts'
import { signTypedDataV4 } from './signTypedData.ts'

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

/** Methods POST /wallet/v1/rpc serves: the signing ones, and the status of a sent batch. */
export const WALLET_RPC_METHODS = [...Object.keys(SIGNING_METHODS), 'wallet_getCallsStatus']

/**
 * One wallet call of the user: signs (the key is decrypted for this call only) or reads a
 * batch's status. Any other method is refused: 'Requested RPC call is not allowed'.
 */
export async function walletRpc(
  context: Pick<EmbeddedContext, 'chains' | 'vault'>,
  user: WalletUser,
  request: { method: string; params?: unknown; chainId: number },
): Promise<unknown> {
  const chainId =
    request.method === 'wallet_sendCalls'
      ? (sendCallsChainId(request.params) ?? request.chainId)
      : request.method === 'wallet_getCallsStatus'
        ? (callsStatusChainId(request.params) ?? request.chainId)
        : request.chainId
  const chain = context.chains.get(chainId)
  const signing = Object.hasOwn(SIGNING_METHODS, request.method)
    ? SIGNING_METHODS[request.method]
    : undefined
  if (!signing && request.method !== 'wallet_getCallsStatus')
    throw new HttpError(400, RPC_NOT_ALLOWED_MESSAGE)
  if (!chain) throw new HttpError(400, 'Unsupported chain')
  if (!signing) return getCallsStatus(context.chains, request.params)
  return context.vault.withAccount(user.id, user.encryptedKey, (account) =>
    signing(account, chain, request.params),
  )
}
