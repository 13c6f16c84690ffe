import { decodeBase64, decodeSolanaTransaction, requiredSigners } from '@latch/protocol/solana-wire'
import type { ScreenWords } from '../../i18n/screenLanguage.ts'
import type { DetailRow, DetailSection } from '../details.ts'
import { describeInstruction, type KnownToken } from './instructions.ts'

/** What a transaction is read with: the network's coin and the tokens it can name. */
export type TransactionContext = {
  currency: { symbol: string; decimals: number }
  tokens: readonly KnownToken[]
}

/**
 * A base64 wire transaction as the approval screen shows it: its fee payer (and other signers),
 * then each instruction; undefined when the bytes are not a transaction.
 */
export function describeSolanaTransaction(
  base64: unknown,
  context: TransactionContext,
  words: ScreenWords,
): { rows: DetailRow[]; instructions: DetailSection[] } | undefined {
  const { say } = words
  if (typeof base64 !== 'string') return undefined
  const bytes = decodeBase64(base64)
  if (!bytes) return undefined
  let transaction: ReturnType<typeof decodeSolanaTransaction>
  try {
    transaction = decodeSolanaTransaction(bytes)
  } catch {
    return undefined
  }
  const { message } = transaction
  const [feePayer, ...otherSigners] = requiredSigners(message)
  const rows: DetailRow[] = [
    { label: say('feePayer'), value: feePayer ?? say('unknown'), mono: true },
  ]
  for (const signer of otherSigners)
    rows.push({ label: say('alsoSignedBy'), value: signer, mono: true })
  // Accounts past the static ones come from lookup tables, which only the chain can resolve.
  const account = (index: number) =>
    message.staticAccounts[index] ??
    say('lookupAccount', { index: index - message.staticAccounts.length + 1 })
  const count = message.instructions.length
  const instructions = message.instructions.map((instruction, index) => {
    const section = describeInstruction({
      programId: account(instruction.programIdIndex),
      accounts: instruction.accountIndexes.map(account),
      data: instruction.data,
      ...context,
      words,
    })
    return { ...section, heading: `${index + 1}/${count} ${section.heading}` }
  })
  return { rows, instructions }
}
