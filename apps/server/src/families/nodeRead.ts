import { HttpError } from '../errors.ts'
import type { FamilyLog } from './types.ts'

/**
 * A read of one network's node, for a route: when the node does not answer, the cause goes to the
 * log and the caller gets a 503 naming the network, never its upstream URL.
 */
export async function readFromNode<T>(
  network: { caipNetworkId: string },
  what: string,
  log: FamilyLog,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read()
  } catch (error) {
    log.warn({ err: error, chain: network.caipNetworkId }, `${what} read failed`)
    throw new HttpError(503, `${what} unavailable: ${network.caipNetworkId} did not answer`)
  }
}
