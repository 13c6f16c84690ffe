import { BaseError, HttpRequestError, TimeoutError } from 'viem'
import { HttpError } from '../../errors.ts'

/**
 * What a caller is told when the chain refused a call (a revert, too little balance, a bad
 * nonce): 400 with viem's short message. An RPC that did not answer is 503, not the caller's fault.
 */
export function chainError(error: unknown): unknown {
  if (error instanceof HttpError) return error
  if (error instanceof BaseError) {
    const unreachable =
      error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) &&
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
