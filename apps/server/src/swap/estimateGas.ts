import {
  type Address,
  BaseError,
  type Hex,
  HttpRequestError,
  type PublicClient,
  TimeoutError,
} from 'viem'
import { UpstreamDownError } from '../chains/upstreamCircuits.ts'
import { GAS_ESTIMATE_MARGIN_PERCENT } from './constants.ts'

/** eth_estimateGas refused the call: it would revert or could not be paid for. */
export class EstimateRefusedError extends Error {
  override name = 'EstimateRefusedError'
  /** The node's reason, e.g. `execution reverted: UniswapV2Router: EXPIRED`. */
  readonly reason: string

  constructor(reason: string) {
    super(`eth_estimateGas refused the call: ${reason}`)
    this.reason = reason
  }
}

/**
 * eth_estimateGas of a call from `from` at the latest block, plus GAS_ESTIMATE_MARGIN_PERCENT.
 * Throws EstimateRefusedError when the node says the call fails; a node that does not answer
 * (or whose circuit or request deadline says so) throws that error as it is.
 */
export async function estimateGasWithMargin(
  client: PublicClient,
  call: { from: Address; to: Address; data: Hex; value: bigint },
): Promise<bigint> {
  try {
    const gas = await client.estimateGas({
      account: call.from,
      to: call.to,
      data: call.data,
      value: call.value,
    })
    return (gas * BigInt(100 + GAS_ESTIMATE_MARGIN_PERCENT)) / 100n
  } catch (error) {
    if (!(error instanceof BaseError) || error.walk(isTransportError) !== null) throw error
    const details = (error.walk() as BaseError | undefined)?.details || error.shortMessage
    throw new EstimateRefusedError(details)
  }
}

/** No answer from the node (nor a refusal): a timeout, a failed request, or a circuit's error. */
function isTransportError(error: unknown): boolean {
  return (
    error instanceof HttpRequestError ||
    error instanceof TimeoutError ||
    error instanceof UpstreamDownError
  )
}
