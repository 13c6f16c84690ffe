import type { Address, Hex, TypedDataDefinition } from 'viem'
import { z } from 'zod'
import type { ChainClient } from '../../chains/clients.ts'
import { HttpError } from '../../errors.ts'
import type { AccountCall } from '../../smartAccounts/latchAccount.ts'
import type { EmbeddedContext } from '../context.ts'
import { type SmartAccountChain, smartAccountAddress } from '../smartAccount/chains.ts'
import { onBundler } from '../smartAccount/errors.ts'
import {
  sendUserOperation,
  userSmartAccount,
  waitForUserOperation,
} from '../smartAccount/userOperations.ts'
import type { WalletUser } from '../users.ts'
import { encodeUserOperationCallsId } from './callsId.ts'
import { parseParams } from './params.ts'
import { personalSignRequest } from './personalSign.ts'
import { sendCallsParams } from './sendCalls.ts'
import { transactionRequest } from './sendTransaction.ts'
import { signTypedDataRequest } from './signTypedData.ts'

/** What a smart account's eth_sendTransaction says when its calls reverted inside the operation. */
export const SMART_ACCOUNT_REVERTED_MESSAGE =
  'The transaction reverted in your smart account (its network fee was paid)'

/** The methods a smart account answers: the same signing calls as the EOA's. */
export const SMART_ACCOUNT_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
] as const

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}

/**
 * The account a signing call names: personal_sign's second param, eth_signTypedData_v4's first,
 * the `from` of a transaction or batch. Read leniently: the handler checks the params in full.
 */
export function requestedAccount(method: string, params: unknown): string | undefined {
  const list = Array.isArray(params) ? params : []
  const named =
    method === 'personal_sign'
      ? list[1]
      : method === 'eth_signTypedData_v4'
        ? list[0]
        : method === 'eth_sendTransaction' || method === 'wallet_sendCalls'
          ? record(list[0]).from
          : undefined
  return typeof named === 'string' ? named : undefined
}

/** Whether the call names the user's smart account on this chain (else it is the owner EOA's). */
export function isSmartAccountCall(
  smart: SmartAccountChain | undefined,
  owner: Address,
  request: { method: string; params?: unknown },
): smart is SmartAccountChain {
  if (!smart || !(SMART_ACCOUNT_METHODS as readonly string[]).includes(request.method)) return false
  const named = requestedAccount(request.method, request.params)
  return named?.toLowerCase() === smartAccountAddress(smart, owner).toLowerCase()
}

/** The calls of a smart account's transaction or batch on `chainId`; it cannot create a contract. */
export function smartAccountCalls(method: string, params: unknown, chainId: number): AccountCall[] {
  const toCall = (call: { to?: Hex | undefined; value?: bigint | undefined; data?: Hex }) => {
    if (!call.to)
      throw new HttpError(400, 'A smart account cannot deploy a contract: every call needs a `to`')
    return { to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }
  }
  if (method === 'eth_sendTransaction') {
    const [tx] = parseParams(method, z.tuple([transactionRequest]), params)
    if (tx.chainId !== undefined && tx.chainId !== BigInt(chainId))
      throw new HttpError(400, 'The transaction chainId is not the requested chain')
    const data = tx.data ?? tx.input
    return [toCall({ to: tx.to, value: tx.value, ...(data && { data }) })]
  }
  const [batch] = parseParams(method, sendCallsParams, params)
  return batch.calls.map((call) => toCall(call))
}

/**
 * One signing call of the user's smart account on `chain`: messages and typed data signed by the
 * owner as ERC-7739 signatures (ERC-6492-wrapped before the account is deployed), a transaction
 * or batch sent as one user operation. The owner's key is decrypted only to sign.
 */
export async function smartAccountRpc(
  context: Pick<EmbeddedContext, 'vault'>,
  user: WalletUser,
  chain: ChainClient,
  smart: SmartAccountChain,
  request: { method: string; params?: unknown },
): Promise<unknown> {
  const withOwner = <T>(work: Parameters<typeof context.vault.withAccount<T>>[2]) =>
    context.vault.withAccount(user.id, user.encryptedKey, work)
  const owner = user.address as Address
  const chainId = chain.config.chainId
  switch (request.method) {
    case 'personal_sign': {
      const { message } = personalSignRequest(request.params)
      return withOwner((key) =>
        onBundler(async () => (await userSmartAccount(smart, chain, key)).signMessage({ message })),
      )
    }
    case 'eth_signTypedData_v4': {
      const { data } = signTypedDataRequest(request.params)
      // The domain's own type is derived from the domain: ERC-7739 nests it under the account's.
      const { EIP712Domain: _domain, ...types } = data.types as Record<string, unknown>
      const typed = { ...data, types } as TypedDataDefinition
      return withOwner((key) =>
        onBundler(async () => (await userSmartAccount(smart, chain, key)).signTypedData(typed)),
      )
    }
    case 'eth_sendTransaction': {
      const calls = smartAccountCalls(request.method, request.params, chainId)
      const hash = await withOwner((key) => sendUserOperation(smart, chain, key, calls))
      const landed = await waitForUserOperation(smart, chain, owner, hash)
      if (!landed.success) throw new HttpError(400, SMART_ACCOUNT_REVERTED_MESSAGE)
      return landed.transactionHash
    }
    case 'wallet_sendCalls': {
      const calls = smartAccountCalls(request.method, request.params, chainId)
      const hash = await withOwner((key) => sendUserOperation(smart, chain, key, calls))
      return { id: encodeUserOperationCallsId(chainId, hash) }
    }
    default:
      throw new HttpError(400, `${request.method} is not a smart account call`)
  }
}
