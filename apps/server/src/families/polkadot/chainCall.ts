import { HttpError } from '../../errors.ts'
import type { PolkadotChainClient } from './clients.ts'

/**
 * Runs a read against the chain, within its bound on calls running and waiting; a chain that does
 * not answer (down, wrong genesis, dropped socket, too many calls waiting on it) is a 503 naming
 * it, never a raw error. HttpErrors from `read` pass as they are.
 */
export async function onChain<T>(
  chain: PolkadotChainClient,
  what: string,
  read: () => Promise<T>,
  log?: { warn(details: object, message: string): void },
): Promise<T> {
  try {
    return await chain.bounded(read)
  } catch (error) {
    if (error instanceof HttpError) throw error
    log?.warn({ err: error, chain: chain.caipNetworkId }, `${what} failed`)
    throw new HttpError(503, `${what} unavailable: ${chain.caipNetworkId} did not answer`)
  }
}
