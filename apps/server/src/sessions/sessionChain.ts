import {
  latchSessionValidatorAbi,
  NATIVE_TOKEN_ADDRESS,
  type OnChainSession,
  type SessionStatus,
  type SessionUsage,
} from '@latch/protocol/smart-sessions'
import type { Address, Hex } from 'viem'
import { chainUnavailable } from '../chains/chainParam.ts'
import type { ChainClient } from '../chains/clients.ts'

/** A session as the chain holds it now: its status by the chain's clock, and this period's usage. */
export type LiveSession = { status: SessionStatus; usage: SessionUsage[] }

/** The chain's time: its latest block's timestamp, unix seconds. */
export async function chainTime(chain: ChainClient): Promise<number> {
  try {
    return Number((await chain.client.getBlock({ blockTag: 'latest' })).timestamp)
  } catch {
    throw chainUnavailable(chain, 'The chain time')
  }
}

function symbolOf(chain: ChainClient, token: Address): string {
  if (token.toLowerCase() === NATIVE_TOKEN_ADDRESS)
    return chain.config.nativeCurrency?.symbol ?? 'ETH'
  const known = chain.config.tokens.find(
    (entry) => entry.address.toLowerCase() === token.toLowerCase(),
  )
  return known?.symbol ?? token
}

/**
 * Reads session `pci` of `account` from `validator`: revoked there (or the module uninstalled),
 * expired by the chain's clock, else active; and what each limit spent in its current period.
 * A session the chain does not know (its grant never landed) reads as revoked: it cannot sign.
 */
export async function readLiveSession(
  chain: ChainClient,
  validator: Address,
  account: Address,
  pci: Hex,
  now: number,
): Promise<LiveSession> {
  let session: OnChainSession
  let revoked: boolean
  try {
    ;[session, revoked] = (await chain.client.readContract({
      address: validator,
      abi: latchSessionValidatorAbi,
      functionName: 'getSession',
      args: [account, pci],
    })) as [OnChainSession, boolean]
  } catch (error) {
    if (isContractRevert(error)) return { status: 'revoked', usage: [] }
    throw chainUnavailable(chain, 'The session')
  }
  const usage = await Promise.all(
    session.limits.map(async (limit) => {
      const periodIndex = BigInt(Math.floor(now / limit.periodDuration))
      const spent = await chain.client
        .readContract({
          address: validator,
          abi: latchSessionValidatorAbi,
          functionName: 'spent',
          args: [account, pci, limit.token, periodIndex],
        })
        .catch(() => {
          throw chainUnavailable(chain, 'The session usage')
        })
      return {
        token: limit.token,
        symbol: symbolOf(chain, limit.token),
        periodAmount: limit.periodAmount.toString(),
        periodDuration: limit.periodDuration,
        spent: spent.toString(),
      }
    }),
  )
  const status: SessionStatus = revoked
    ? 'revoked'
    : now > session.validUntil
      ? 'expired'
      : 'active'
  return { status, usage }
}

/** Whether `error` is the contract refusing (a revert), not the chain failing to answer. */
function isContractRevert(error: unknown): boolean {
  for (let link = error; link instanceof Error; link = link.cause as Error | undefined) {
    if (link.name === 'ContractFunctionRevertedError') return true
  }
  return false
}
