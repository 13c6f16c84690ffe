import { aaErrorMessage } from '@latch/protocol/aa-errors'
import { BaseError } from 'viem'
import { WaitForUserOperationReceiptTimeoutError } from 'viem/account-abstraction'
import { BundlerUnavailableError } from '../../bundler/bundlerTransport.ts'
import { HttpError } from '../../errors.ts'
import { SponsorshipRefusedError } from '../../paymaster/service.ts'
import { chainError } from '../rpc/chainError.ts'

/** What the user is told when the chain's bundler did not answer. */
export const BUNDLER_UNAVAILABLE_MESSAGE =
  'The bundler did not answer: smart account transactions are unavailable for now, try again'
/** What the user is told when their operation was taken but is not in a block in time. */
export const USER_OPERATION_PENDING_MESSAGE =
  'The transaction was sent but is not in a block yet: check your activity before sending it again'

const AA_TEXT = /\bAA\d\d\b[^\n]*/

/** The bundler's own words carrying an EntryPoint code (AA21, AA25, ...), wherever viem put them. */
function aaText(error: unknown): string | undefined {
  for (let link = error; link instanceof Error; link = link.cause) {
    const { details, shortMessage } = link as { details?: unknown; shortMessage?: unknown }
    for (const text of [details, shortMessage, link.message]) {
      const found = typeof text === 'string' ? AA_TEXT.exec(text) : null
      if (found) return found[0].trim()
    }
  }
  return undefined
}

/**
 * The caller's answer for a failed user operation: the sponsor's refusal as it is (the caller
 * sends self-paid instead); 503 when the bundler or the chain did not answer or the receipt did
 * not come in time (try again later); 400 with a plain sentence for the EntryPoint's AA code when
 * it refused the operation (the bundler's own words name internals); else the chain's refusal
 * as for any transaction.
 */
export function userOperationError(error: unknown): unknown {
  if (error instanceof HttpError) return error
  // The sponsor's refusal is the caller's to handle (it sends the operation self-paid).
  for (let link = error; link instanceof Error; link = link.cause)
    if (link instanceof SponsorshipRefusedError) return link
  if (error instanceof BaseError) {
    if (error.walk((cause) => cause instanceof BundlerUnavailableError))
      return new HttpError(503, BUNDLER_UNAVAILABLE_MESSAGE)
    if (error.walk((cause) => cause instanceof WaitForUserOperationReceiptTimeoutError))
      return new HttpError(503, USER_OPERATION_PENDING_MESSAGE)
  }
  const code = aaText(error)
  if (code) return new HttpError(400, aaErrorMessage(code) ?? code)
  return chainError(error)
}

/** Runs `work`, answering its failure as userOperationError says. */
export async function onBundler<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw userOperationError(error)
  }
}
