import { decodeBase58 } from '@latch/protocol/solana'
import { base58LengthOf, SOLANA_MESSAGE_MAX_BYTES } from '@latch/protocol/solana-wire'
import { decodePersonalMessage } from '../format/decodePersonalMessage.ts'
import { describeSolanaTransaction } from '../format/solana/describeTransaction.ts'
import type { ScreenWords } from '../i18n/screenLanguage.ts'
import type { ApprovalRequest, ApprovalView, DetailRow, DetailSection } from './types.ts'

/** Amounts are in SOL when the server did not name the network's coin. */
const DEFAULT_CURRENCY = { symbol: 'SOL', decimals: 9 }

/** Raw parameters are cut here, like the EVM screen's. */
const MAX_RAW_LENGTH = 2_000

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function toHex(bytes: Uint8Array): string {
  let hex = '0x'
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0')
  return hex
}

function raw(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')
  return text.length > MAX_RAW_LENGTH ? `${text.slice(0, MAX_RAW_LENGTH)}…` : text
}

/**
 * What the approval screen shows for a solana_* call: the message as text (hex when it is not
 * printable UTF-8), or each transaction decoded (fee payer, then every instruction), and the
 * network by name. A transaction that does not decode is shown raw, with a warning. In the
 * screen's language (`words`).
 */
export function describeSolanaApproval(
  request: Pick<ApprovalRequest, 'method' | 'params' | 'caipNetworkId' | 'solanaNetwork'>,
  title: string,
  words: ScreenWords,
): ApprovalView {
  const { say } = words
  const params = asRecord(request.params)
  const network: DetailRow = {
    label: say('network'),
    value: request.solanaNetwork?.name ?? request.caipNetworkId ?? 'Solana',
  }
  const context = {
    currency: request.solanaNetwork?.currency ?? DEFAULT_CURRENCY,
    tokens: request.solanaNetwork?.tokens ?? [],
  }
  if (request.method === 'solana_signMessage') {
    // The server refuses a longer message; decoding one would only stall this page.
    const bytes =
      typeof params.message === 'string' &&
      params.message.length <= base58LengthOf(SOLANA_MESSAGE_MAX_BYTES)
        ? decodeBase58(params.message)
        : undefined
    const message = bytes
      ? decodePersonalMessage(toHex(bytes))
      : { text: raw(params.message), encoding: 'hex' as const }
    const text = message.text === '' ? say('emptyMessage') : message.text
    return {
      title,
      sections: [
        { heading: say('message'), block: { text, mono: message.encoding === 'hex' } },
        { rows: [network] },
      ],
    }
  }
  const transactions =
    request.method === 'solana_signAllTransactions'
      ? Array.isArray(params.transactions)
        ? params.transactions
        : [undefined]
      : [params.transaction]
  const sections: DetailSection[] = [{ rows: [network] }]
  let undecoded = false
  transactions.forEach((transaction, index) => {
    const described = describeSolanaTransaction(transaction, context, words)
    const heading =
      transactions.length > 1
        ? say('transactionOf', { index: index + 1, count: transactions.length })
        : undefined
    if (!described) {
      undecoded = true
      sections.push({
        heading: heading ?? say('transaction'),
        block: { text: raw(transaction), mono: true },
      })
      return
    }
    sections.push({ ...(heading && { heading }), rows: described.rows }, ...described.instructions)
  })
  const view: ApprovalView = { title, sections }
  return undecoded ? { ...view, warning: say('undecoded') } : view
}
