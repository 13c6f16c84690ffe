import { BaseError, HttpRequestError } from 'viem'
import { isUpstreamOutage } from '../../chains/upstreamCircuits.ts'
import { HttpError } from '../../errors.ts'

/**
 * What a caller is told when the chain refused a call (a revert, too little balance, a bad
 * nonce): 400 with viem's short message. An RPC that did not answer (a timeout, a refused
 * connection, or the circuit failing a call while the upstream is down, which viem wraps as an
 * unknown RPC error) or refused the server over HTTP is 503, not the caller's fault.
 */
export function chainError(error: unknown): unknown {
  if (error instanceof HttpError) return error
  if (error instanceof BaseError) {
    const unreachable =
      (isUpstreamOutage(error) || error.walk((cause) => cause instanceof HttpRequestError)) &&
      !error.walk((cause) => cause instanceof BaseError && /revert/i.test(cause.shortMessage))
    if (unreachable) return new HttpError(503, 'The chain RPC did not answer: try again')
    return new HttpError(400, error.shortMessage)
  }
  return error
}

/** Runs `work`, turning a chain's refusal into a 400 (see chainError). */
export async function onChain<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw chainError(error)
  }
}
