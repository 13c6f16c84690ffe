import type { WalletRpcCost } from '@latch/protocol'
import { type DecodedCall, decodeCall } from '../format/decodeCall.ts'
import { formatWei, parseQuantity } from '../format/formatWei.ts'
import { shortenData } from '../format/shortenHex.ts'
import type { ScreenWords } from '../i18n/screenLanguage.ts'
import type { DetailRow } from './types.ts'

/** What the screen knows of a chain besides the call: its coin, tokens and router (rpc/cost). */
export type KnownContracts = {
  currency: { symbol: string; decimals: number }
  tokens: NonNullable<WalletRpcCost['tokens']>
  swapRouter: string | undefined
}

/** An approval at or above this lets the spender take everything: said as such. */
const UNLIMITED = 2n ** 255n

/** A call as the screen shows it: a one-line summary when it is a known call, then its rows. */
export type CallDescription = { summary?: string; rows: DetailRow[] }

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * To, value, and what the call does: for ERC-20 approve and transfer and the router's swaps, the
 * token, the counterparty and the amounts in the token's units (named when the server knows the
 * token); for any other call its function selector and data. In the screen's language (`words`).
 */
export function describeCall(
  call: Record<string, unknown>,
  known: KnownContracts,
  words: ScreenWords,
): CallDescription {
  const { currency } = known
  const { say } = words
  const to = typeof call.to === 'string' && call.to ? call.to : undefined
  const value = call.value === undefined ? 0n : parseQuantity(call.value)
  const rawData = call.data ?? call.input
  const data =
    typeof rawData === 'string' && rawData !== '' && rawData !== '0x' ? rawData : undefined
  const valueRow: DetailRow = {
    label: say('value'),
    value:
      value === undefined
        ? String(call.value)
        : `${words.amount(formatWei(value, currency.decimals))} ${currency.symbol}`,
  }
  const decoded = to && data && value !== undefined ? decodeCall({ to, data, value }) : undefined
  if (decoded) {
    const rows = decodedRows(decoded, known, words)
    // A swap from the coin shows its value as what it sells; any other value is shown too.
    const showsValue = decoded.kind === 'swap' && decoded.sell.token === undefined
    if (value && !showsValue) rows.push(valueRow)
    return { summary: summaryOf(decoded, known, words), rows }
  }
  const rows: DetailRow[] = [
    to
      ? { label: say('to'), value: to, mono: true }
      : { label: say('to'), value: say('newContract') },
    valueRow,
  ]
  if (data) {
    if (to && data.length >= 10)
      rows.push({ label: say('function'), value: data.slice(0, 10), mono: true })
    rows.push({ label: say('data'), value: shortenData(data), mono: true })
  }
  return { rows }
}

function tokenOf(address: string | undefined, known: KnownContracts) {
  if (address === undefined) return { ...known.currency, known: true }
  const token = known.tokens.find((candidate) => same(candidate.address, address))
  return token ? { ...token, known: true } : { symbol: 'token', decimals: 0, known: false }
}

/** An amount of a token in its units; of an unknown token, in base units, said so. */
function amountOf(
  amount: bigint,
  address: string | undefined,
  known: KnownContracts,
  words: ScreenWords,
): string {
  const token = tokenOf(address, known)
  if (!token.known)
    return words.say('baseUnitsOfUnknownToken', { amount: words.amount(amount.toString()) })
  return `${words.amount(formatWei(amount, token.decimals))} ${token.symbol}`
}

const nameOf = (address: string | undefined, known: KnownContracts, words: ScreenWords) => {
  const token = tokenOf(address, known)
  return token.known ? token.symbol : words.say('aToken')
}

function summaryOf(call: DecodedCall, known: KnownContracts, words: ScreenWords): string {
  switch (call.kind) {
    case 'approve':
      return words.say('approveToken', { token: nameOf(call.token, known, words) })
    case 'transfer':
      return words.say('sendToken', { token: nameOf(call.token, known, words) })
    case 'swap':
      return words.say('swapTokens', {
        sell: nameOf(call.sell.token, known, words),
        buy: nameOf(call.buy.token, known, words),
      })
  }
}

function decodedRows(call: DecodedCall, known: KnownContracts, words: ScreenWords): DetailRow[] {
  const { say } = words
  const isRouter = (address: string) =>
    known.swapRouter !== undefined && same(address, known.swapRouter)
  const party = (label: string, address: string): DetailRow => ({
    label: isRouter(address) ? say('viaRouter', { label }) : label,
    value: address,
    mono: true,
  })
  const amount = (value: bigint, token: string | undefined) => amountOf(value, token, known, words)
  switch (call.kind) {
    case 'approve':
      return [
        { label: say('token'), value: call.token, mono: true },
        party(say('spender'), call.spender),
        {
          label: say('amount'),
          value: call.amount >= UNLIMITED ? say('unlimited') : amount(call.amount, call.token),
        },
      ]
    case 'transfer':
      return [
        { label: say('token'), value: call.token, mono: true },
        party(say('to'), call.recipient),
        { label: say('amount'), value: amount(call.amount, call.token) },
      ]
    case 'swap':
      return [
        party(say('swapWith'), call.router),
        { label: say('sell'), value: amount(call.sell.amount, call.sell.token) },
        { label: say('receiveAtLeast'), value: amount(call.buy.minimum, call.buy.token) },
        { label: say('recipient'), value: call.recipient, mono: true },
      ]
  }
}
