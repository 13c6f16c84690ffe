import type { SolanaMessage } from '@latch/protocol/solana-wire'
import { isUpstreamOutage } from '../../../chains/upstreamCircuits.ts'
import { HttpError } from '../../../errors.ts'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../families/solana/programs.ts'
import { SolanaRpcError } from '../../../families/solana/rpc.ts'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/** What the user is told for the refusals a wallet meets most, in place of the node's wording. */
const FRIENDLY: [RegExp, string][] = [
  [/Blockhash not found/i, 'The transaction expired (its blockhash is too old): build it again'],
  [
    /Attempt to debit an account but found no record of a prior credit/i,
    'Insufficient SOL balance to pay for this transaction',
  ],
  [/already been processed/i, 'This transaction was already sent'],
]

/** Custom errors of the programs a transfer runs, by program and code. */
const PROGRAM_ERRORS: Record<string, Record<number, string>> = {
  // The System program's ResultWithNegativeLamports: a transfer of more than the balance.
  [SYSTEM_PROGRAM]: { 1: 'Insufficient SOL balance for this transfer' },
  // The Token programs' InsufficientFunds and MintMismatch.
  [TOKEN_PROGRAM]: {
    1: 'Insufficient token balance for this transfer',
    3: 'The token accounts hold another token',
  },
  [TOKEN_2022_PROGRAM]: {
    1: 'Insufficient token balance for this transfer',
    3: 'The token accounts hold another token',
  },
}

/** The meaning of "Error processing Instruction N: custom program error: 0x..", when known. */
function programError(reason: string, message: SolanaMessage): string | undefined {
  const match = /Error processing Instruction (\d+): custom program error: 0x([0-9a-f]+)/i.exec(
    reason,
  )
  if (!match) return undefined
  const instruction = message.instructions[Number(match[1])]
  const program = instruction && message.staticAccounts[instruction.programIdIndex]
  return program ? PROGRAM_ERRORS[program]?.[Number.parseInt(match[2] as string, 16)] : undefined
}

/**
 * A node's refusal of the sent transaction `message` as the caller sees it: 400 with the node's
 * one-line reason (simulation logs and other data stay out), in plain words for the common ones;
 * a node that did not answer is 503, not the caller's fault.
 */
export function solanaSendError(error: unknown, message: SolanaMessage): unknown {
  if (error instanceof HttpError) return error
  if (error instanceof SolanaRpcError) {
    const reason = error.message.replace(/^Transaction simulation failed:\s*/i, '').split('\n')[0]
    const friendly =
      FRIENDLY.find(([pattern]) => pattern.test(error.message))?.[1] ??
      programError(error.message, message)
    return new HttpError(400, friendly ?? `The network refused the transaction: ${reason}`)
  }
  if (isUpstreamOutage(error)) return new HttpError(503, 'The chain RPC did not answer: try again')
  return error
}
