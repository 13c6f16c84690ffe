import {
  type RevokeSessionBody,
  revokeSessionMessage,
  type SessionSummary,
  type SessionsResponse,
} from '@latch/protocol/smart-sessions'
import type { Address } from 'viem'
import { chainUnavailable } from '../chains/chainParam.ts'
import type { ChainClient } from '../chains/clients.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { chainTime, readLiveSession } from './sessionChain.ts'
import {
  findSession,
  insertSession,
  listSessions,
  markRevoked,
  type SessionRecord,
} from './sessionStore.ts'

/** What the sessions service reads and writes: the database and the configured chains. */
export type SessionsContext = {
  db: Database
  chains: ReadonlyMap<number, ChainClient>
  /** Unix seconds, for recording revocations; the chain's own clock decides expiry. */
  now?: () => number
}

export const UNKNOWN_SESSION_MESSAGE = 'Unknown session: this account has no session with that pci'
export const INVALID_REVOKE_SIGNATURE_MESSAGE =
  "Invalid signature: the revocation must be signed by the account's owner"

/** The chain of a CAIP-2 id where smart sessions run, or a 400 saying why not. */
export function sessionChainOf(
  context: Pick<SessionsContext, 'chains'>,
  chainId: number,
): ChainClient & { validator: Address } {
  const chain = context.chains.get(chainId)
  if (!chain) throw new HttpError(400, `Unsupported chain eip155:${chainId}`)
  const validator = chain.config.sessionValidator
  if (!validator) throw new HttpError(400, `Smart sessions are not available on eip155:${chainId}`)
  return { ...chain, validator }
}

/**
 * An account's sessions (GET /v1/sessions/{address}): what each granted, from the record, and
 * its status and this period's usage read from the chain, never from the record.
 */
export async function listAccountSessions(
  context: SessionsContext,
  account: Address,
  caipChainId?: string,
): Promise<SessionsResponse> {
  const chainId = caipChainId ? Number(caipChainId.slice('eip155:'.length)) : undefined
  if (chainId !== undefined) sessionChainOf(context, chainId)
  const records = await listSessions(context.db, account, chainId)
  const times = new Map<number, Promise<number>>()
  const sessions = await Promise.all(
    records
      .filter((record) => context.chains.get(record.chainId)?.config.sessionValidator)
      .map(async (record): Promise<SessionSummary> => {
        const chain = sessionChainOf(context, record.chainId)
        let time = times.get(record.chainId)
        if (!time) {
          time = chainTime(chain)
          times.set(record.chainId, time)
        }
        const live = await readLiveSession(
          chain,
          chain.validator,
          record.account,
          record.pci,
          await time,
        )
        return {
          pci: record.pci,
          chainId: `eip155:${record.chainId}`,
          origin: record.origin,
          signer: record.signer,
          permissions: record.permissions,
          expiry: record.expiry,
          grantedAt: record.grantedAt,
          status: live.status,
          ...(record.revokedAt !== undefined && { revokedAt: record.revokedAt }),
          usage: live.usage,
        }
      }),
  )
  return { sessions }
}

/**
 * POST /v1/sessions/{address}/revoke: the owner's EIP-191 signature of revokeSessionMessage,
 * checked against the smart account itself (ERC-1271, or ERC-6492 before it is deployed, as
 * sign-in checks it), then the revocation recorded. An unknown pci is a 404, any other signer 401.
 */
export async function revokeBySignature(
  context: SessionsContext,
  account: Address,
  body: RevokeSessionBody,
): Promise<{ success: true }> {
  const record = await findSession(context.db, account, body.pci)
  if (!record) throw new HttpError(404, UNKNOWN_SESSION_MESSAGE)
  const chain = sessionChainOf(context, record.chainId)
  const message = revokeSessionMessage({
    chainId: record.chainId,
    address: account,
    pci: record.pci,
  })
  let valid: boolean
  try {
    valid = await chain.client.verifyMessage({
      address: account,
      message,
      signature: body.signature,
    })
  } catch (error) {
    // The checking contract refusing the bytes is a bad signature; a silent chain is ours to say.
    if (!isRevert(error)) throw chainUnavailable(chain, 'The signature check')
    valid = false
  }
  if (!valid) throw new HttpError(401, INVALID_REVOKE_SIGNATURE_MESSAGE)
  await recordRevocation(context, record)
  return { success: true }
}

/** Records a session the chain enabled (the embedded wallet's wallet_grantPermissions). */
export function recordGrant(context: SessionsContext, record: SessionRecord): Promise<void> {
  return insertSession(context.db, record)
}

/** Records the owner's revocation of a session, by either path. */
export function recordRevocation(
  context: SessionsContext,
  record: Pick<SessionRecord, 'chainId' | 'pci'>,
): Promise<void> {
  return markRevoked(context.db, record, (context.now ?? unixNow)())
}

/** The session `pci` of `account`, or a 404. */
export async function requireSession(
  context: SessionsContext,
  account: Address,
  pci: `0x${string}`,
): Promise<SessionRecord> {
  const record = await findSession(context.db, account, pci)
  if (!record) throw new HttpError(404, UNKNOWN_SESSION_MESSAGE)
  return record
}

const unixNow = () => Math.floor(Date.now() / 1000)

function isRevert(error: unknown): boolean {
  for (let link = error; link instanceof Error; link = link.cause as Error | undefined) {
    if (/Revert/.test(link.name) || /reverted/i.test(link.message)) return true
  }
  return false
}
