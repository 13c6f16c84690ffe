import { ENGLISH_WORDS, type ScreenWords } from '../i18n/screenLanguage.ts'
import type { DetailRow } from './details.ts'
import { displayJson } from './displayJson.ts'

/** What the approval screen shows of an EIP-712 request. */
export type TypedDataSummary = {
  /** The domain's name, version, chain id and contract, those present. */
  domain: DetailRow[]
  primaryType: string | undefined
  /** The message's fields, nested ones as dotted paths (`from.wallet`). */
  fields: DetailRow[]
}

/** Fields listed at most; the rest is counted in a last row (a list this long is suspect anyway). */
const MAX_FIELDS = 40
const MAX_DEPTH = 4

/**
 * The parts of eth_signTypedData_v4's typed data (a JSON string or an object) a user must see, or
 * undefined when it is not typed data. Labels in the screen's language (`words`); the message's
 * own field names as the site wrote them.
 */
export function summarizeTypedData(
  raw: unknown,
  words: ScreenWords = ENGLISH_WORDS,
): TypedDataSummary | undefined {
  const { say } = words
  let data: unknown = raw
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw)
    } catch {
      return undefined
    }
  }
  if (!isRecord(data) || !isRecord(data.message)) return undefined
  const domain: DetailRow[] = []
  if (isRecord(data.domain)) {
    const { name, version, chainId, verifyingContract, salt } = data.domain
    if (name !== undefined) domain.push({ label: say('name'), value: display(name) })
    if (version !== undefined) domain.push({ label: say('version'), value: display(version) })
    if (chainId !== undefined) domain.push({ label: say('chainId'), value: display(chainId) })
    if (verifyingContract !== undefined) {
      domain.push({ label: say('contract'), value: display(verifyingContract), mono: true })
    }
    if (salt !== undefined) domain.push({ label: say('salt'), value: display(salt), mono: true })
  }
  const fields: DetailRow[] = []
  const total = flatten(data.message, '', 0, fields)
  if (total > fields.length) {
    const hidden = total - fields.length
    fields.push({ label: '…', value: say('moreFields', { count: hidden }) })
  }
  const primaryType = typeof data.primaryType === 'string' ? data.primaryType : undefined
  return { domain, primaryType, fields }
}

// Adds the leaves of `value` to `rows` (at most MAX_FIELDS) and returns how many there are.
function flatten(value: unknown, path: string, depth: number, rows: DetailRow[]): number {
  const add = (row: DetailRow) => {
    if (rows.length < MAX_FIELDS) rows.push(row)
    return 1
  }
  const nested = Array.isArray(value)
    ? value.map((item, index) => [`${path}[${index}]`, item] as const)
    : isRecord(value)
      ? Object.entries(value).map(([key, item]) => [path ? `${path}.${key}` : key, item] as const)
      : undefined
  if (nested === undefined || depth >= MAX_DEPTH) {
    return add({ label: path || 'value', value: display(value), mono: isHexLike(value) })
  }
  if (nested.length === 0)
    return add({ label: path || 'value', value: Array.isArray(value) ? '[]' : '{}' })
  let count = 0
  for (const [childPath, item] of nested) count += flatten(item, childPath, depth + 1, rows)
  return count
}

function display(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return displayJson(value)
}

function isHexLike(value: unknown): boolean {
  return typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
