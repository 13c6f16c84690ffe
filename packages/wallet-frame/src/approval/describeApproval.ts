import { formatNativeAmount } from '@latch/protocol/fees'
import { decodePersonalMessage } from '../format/decodePersonalMessage.ts'
import { displayJson } from '../format/displayJson.ts'
import { parseQuantity } from '../format/formatWei.ts'
import { summarizeTypedData } from '../format/summarizeTypedData.ts'
import { ENGLISH_WORDS, type ScreenWords } from '../i18n/screenLanguage.ts'
import { chainName } from './chainName.ts'
import { costShortfall } from './costShortfall.ts'
import { describeCall, type KnownContracts } from './describeCall.ts'
import { describeGrant, describeRevoke } from './describePermissions.ts'
import { describeSolanaApproval } from './describeSolana.ts'
import type { ApprovalRequest, ApprovalView, DetailRow, DetailSection } from './types.ts'

/** Screen titles of the unsafe methods; others get 'Approve request'. */
const TITLES: Record<string, string> = {
  personal_sign: 'Sign message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Approve transaction',
  wallet_sendCalls: 'Approve calls',
  wallet_grantPermissions: 'Grant permissions',
  wallet_revokePermissions: 'Revoke permissions',
  eth_sendUserOperation: 'Approve user operation',
  solana_signMessage: 'Sign message',
  solana_signTransaction: 'Sign transaction',
  solana_signAllTransactions: 'Sign transactions',
  solana_signAndSendTransaction: 'Approve transaction',
}

/** Raw parameters are cut here: the screen is small and the rest is still sent as requested. */
const MAX_RAW_LENGTH = 2_000

/** The native coin amounts are in when the server did not say (an EVM chain's ether). */
const DEFAULT_CURRENCY = { symbol: 'ETH', decimals: 18 }

/**
 * What the approval screen shows for an unsafe call: a title and its details, in plain text in the
 * screen's language (`words`); for a transaction with its cost, the network by name, the fee, and a
 * warning when it cannot go through. The title stays the English key the screen translates.
 */
export function describeApproval(
  request: Pick<
    ApprovalRequest,
    | 'method'
    | 'params'
    | 'chainId'
    | 'cost'
    | 'refusal'
    | 'caipNetworkId'
    | 'solanaNetwork'
    | 'evmNetwork'
  >,
  words: ScreenWords = ENGLISH_WORDS,
): ApprovalView {
  const { say } = words
  const title = TITLES[request.method] ?? 'Approve request'
  if (request.method.startsWith('solana_')) {
    const view = describeSolanaApproval(request, title, words)
    return request.refusal ? { ...view, warning: request.refusal } : view
  }
  const params = Array.isArray(request.params) ? request.params : []
  const currency = request.cost?.currency ?? DEFAULT_CURRENCY
  const known: KnownContracts = {
    currency,
    tokens: request.cost?.tokens ?? [],
    swapRouter: request.cost?.swapRouter,
  }
  const network = (chainId: number | undefined): DetailRow => ({
    label: say('network'),
    value:
      request.cost?.network.chainId === chainId && request.cost
        ? request.cost.network.name
        : chainName(chainId, words),
  })
  const costRows = (): DetailRow[] => {
    // The site pays this one: the user is told who, not what it costs.
    if (request.cost?.sponsor)
      return [{ label: say('networkFee'), value: say('paidBy', { sponsor: request.cost.sponsor }) }]
    const fee = request.cost?.fee
    if (fee === undefined || fee === null) return []
    const amount = formatNativeAmount(BigInt(fee), currency.decimals, true)
    return [
      {
        label: say('networkFee'),
        value: say('upTo', { amount: `${words.amount(amount)} ${currency.symbol}` }),
      },
    ]
  }
  // A shortfall is worked out again from the cost, to be said in the screen's language.
  const warning =
    (request.cost && costShortfall(request.cost, words)) ??
    request.refusal ??
    (request.cost?.feeError ? say('expectedToFail', { reason: request.cost.feeError }) : '')
  const withWarning = (view: ApprovalView): ApprovalView => (warning ? { ...view, warning } : view)
  // The site could have paid the fee but does not: the user pays, and is told why first.
  const notice = request.cost?.sponsorshipNotice
  const sponsorship: DetailSection[] = notice ? [{ block: { text: notice, mono: false } }] : []
  switch (request.method) {
    case 'personal_sign': {
      const message = decodePersonalMessage(params[0])
      const text = message.text === '' ? say('emptyMessage') : message.text
      return {
        title,
        sections: [{ heading: say('message'), block: { text, mono: message.encoding === 'hex' } }],
      }
    }
    case 'eth_signTypedData_v4': {
      const summary = summarizeTypedData(params[1], words)
      if (!summary) return { title, sections: [rawSection(request.params, words)] }
      const sections: DetailSection[] = []
      if (summary.domain.length > 0) sections.push({ heading: say('domain'), rows: summary.domain })
      sections.push({ heading: summary.primaryType ?? say('message'), rows: summary.fields })
      return { title, sections }
    }
    case 'eth_sendTransaction': {
      const tx = asRecord(params[0])
      const chainId = chainIdOf(tx.chainId) ?? request.chainId
      const call = describeCall(tx, known, words)
      return withWarning({
        title,
        sections: [
          {
            ...(call.summary && { heading: call.summary }),
            rows: [...call.rows, network(chainId), ...costRows()],
          },
          ...sponsorship,
        ],
      })
    }
    case 'wallet_sendCalls': {
      const batch = asRecord(params[0])
      const calls = Array.isArray(batch.calls) ? batch.calls : []
      const chainId = chainIdOf(batch.chainId) ?? request.chainId
      const count = { label: say('calls'), value: words.amount(String(calls.length)) }
      return withWarning({
        title,
        sections: [
          { rows: [network(chainId), count, ...costRows()] },
          ...sponsorship,
          ...calls.map((entry, index) => {
            const call = describeCall(asRecord(entry), known, words)
            const place = { index: index + 1, count: calls.length }
            return {
              heading: call.summary
                ? say('callSummary', { ...place, summary: call.summary })
                : say('callOf', place),
              rows: call.rows,
            }
          }),
        ],
      })
    }
    case 'wallet_grantPermissions':
      return withWarning({
        title,
        sections: describeGrant(request.params, request.evmNetwork, request.chainId, words),
      })
    case 'wallet_revokePermissions':
      return withWarning({
        title,
        sections: describeRevoke(request.params, request.evmNetwork, request.chainId, words),
      })
    default:
      return { title, sections: [rawSection(request.params, words)] }
  }
}

function chainIdOf(value: unknown): number | undefined {
  const parsed = parseQuantity(value)
  return parsed !== undefined && parsed > 0n && parsed <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(parsed)
    : undefined
}

function rawSection(params: unknown, words: ScreenWords): DetailSection {
  const text = displayJson(params ?? null, 2)
  const shown = text.length > MAX_RAW_LENGTH ? `${text.slice(0, MAX_RAW_LENGTH)}…` : text
  return { heading: words.say('parameters'), block: { text: shown, mono: true } }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}
