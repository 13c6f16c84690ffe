import type { Address, Hex, TypedDataDefinition } from 'viem'
import { z } from 'zod'
import type { ChainClient } from '../../chains/clients.ts'
import { HttpError } from '../../errors.ts'
import { clientOfWallet } from '../../paymaster/clientKey.ts'
import type { AccountCall } from '../../smartAccounts/latchAccount.ts'
import type { EmbeddedContext } from '../context.ts'
import { type SmartAccountChain, smartAccountAddress } from '../smartAccount/chains.ts'
import { onBundler } from '../smartAccount/errors.ts'
import {
  sponsorActions,
  sponsorshipNoticeOf,
  sponsorshipRefusalIn,
} from '../smartAccount/sponsor.ts'
import {
  type Sponsorship,
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
 * What the site's project pays for on `chainId`: the server's paymaster service under that
 * project's policy, when the server sponsors there; else nothing (the account pays). The user,
 * known by their key's address `owner`, is the client whose share of the budget it counts against.
 */
export async function sponsorshipFor(
  context: Pick<EmbeddedContext, 'sponsor' | 'projects'>,
  projectId: string | undefined,
  chainId: number,
  owner: Address,
): Promise<Sponsorship | undefined> {
  const { sponsor } = context
  if (!sponsor || !projectId || !sponsor.chainIds.includes(chainId)) return undefined
  const project = await context.projects.get(projectId)
  return project ? sponsorActions(sponsor, project, chainId, clientOfWallet(owner)) : undefined
}

/**
 * Sends `calls` as one user operation of the user's smart account, signed by the owner's key
 * (decrypted only to sign): sponsored when the site's project pays, else self-paid, with a notice
 * saying why the site did not pay. Resolves once the bundler took it.
 */
export async function sendSmartAccountCalls(
  context: Pick<EmbeddedContext, 'vault' | 'sponsor' | 'projects'>,
  user: WalletUser,
  chain: ChainClient,
  smart: SmartAccountChain,
  projectId: string | undefined,
  calls: AccountCall[],
): Promise<{ hash: Hex; notice?: string }> {
  const withOwner = <T>(work: Parameters<typeof context.vault.withAccount<T>>[2]) =>
    context.vault.withAccount(user.id, user.encryptedKey, work)
  const sponsorship = await sponsorshipFor(
    context,
    projectId,
    chain.config.chainId,
    user.address as Address,
  )
  let notice: string | undefined
  if (sponsorship) {
    try {
      return {
        hash: await withOwner((key) => sendUserOperation(smart, chain, key, calls, sponsorship)),
      }
    } catch (error) {
      const reason = sponsorshipRefusalIn(error)
      if (!reason) throw error
      notice = sponsorshipNoticeOf(reason)
    }
  }
  const hash = await withOwner((key) => sendUserOperation(smart, chain, key, calls))
  return notice ? { hash, notice } : { hash }
}

/** What a smart account's call answers: its result, and what the user should know of it. */
export type SmartAccountOutcome = { result: unknown; notice?: string }

/**
 * One signing call of the user's smart account on `chain`: messages and typed data signed by the
 * owner as ERC-7739 signatures (ERC-6492-wrapped before the account is deployed), a transaction
 * or batch sent as one user operation, its fee paid by the site where its project sponsors it,
 * else (or when the sponsor refuses) by the account, with a notice saying why (none for a site
 * that sponsors nothing). The owner's key
 * is decrypted only to sign.
 */
export async function smartAccountRpc(
  context: Pick<EmbeddedContext, 'vault' | 'sponsor' | 'projects'>,
  user: WalletUser,
  chain: ChainClient,
  smart: SmartAccountChain,
  request: { method: string; params?: unknown; projectId?: string | undefined },
): Promise<SmartAccountOutcome> {
  const withOwner = <T>(work: Parameters<typeof context.vault.withAccount<T>>[2]) =>
    context.vault.withAccount(user.id, user.encryptedKey, work)
  const owner = user.address as Address
  const chainId = chain.config.chainId

  const send = (calls: AccountCall[]) =>
    sendSmartAccountCalls(context, user, chain, smart, request.projectId, calls)

  switch (request.method) {
    case 'personal_sign': {
      const { message } = personalSignRequest(request.params)
      const signature = await withOwner((key) =>
        onBundler(async () => (await userSmartAccount(smart, chain, key)).signMessage({ message })),
      )
      return { result: signature }
    }
    case 'eth_signTypedData_v4': {
      const { data } = signTypedDataRequest(request.params)
      // The domain's own type is derived from the domain: ERC-7739 nests it under the account's.
      const { EIP712Domain: _domain, ...types } = data.types as Record<string, unknown>
      const typed = { ...data, types } as TypedDataDefinition
      const signature = await withOwner((key) =>
        onBundler(async () => (await userSmartAccount(smart, chain, key)).signTypedData(typed)),
      )
      return { result: signature }
    }
    case 'eth_sendTransaction': {
      const { hash, notice } = await send(
        smartAccountCalls(request.method, request.params, chainId),
      )
      const landed = await waitForUserOperation(smart, chain, owner, hash)
      if (!landed.success) throw new HttpError(400, SMART_ACCOUNT_REVERTED_MESSAGE)
      return { result: landed.transactionHash, ...(notice && { notice }) }
    }
    case 'wallet_sendCalls': {
      const { hash, notice } = await send(
        smartAccountCalls(request.method, request.params, chainId),
      )
      return {
        result: { id: encodeUserOperationCallsId(chainId, hash) },
        ...(notice && { notice }),
      }
    }
    default:
      throw new HttpError(400, `${request.method} is not a smart account call`)
  }
}
