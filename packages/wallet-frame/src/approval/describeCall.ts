import type { WalletRpcCost } from '@latch/protocol'
import { type DecodedCall, decodeCall } from '../format/decodeCall.ts'
import { formatWei, parseQuantity } from '../format/formatWei.ts'
import { shortenData } from '../format/shortenHex.ts'
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
 * token); for any other call its function selector and data.
 */
export function describeCall(
  call: Record<string, unknown>,
  known: KnownContracts,
): CallDescription {
  const { currency } = known
  const to = typeof call.to === 'string' && call.to ? call.to : undefined
  const value = call.value === undefined ? 0n : parseQuantity(call.value)
  const rawData = call.data ?? call.input
  const data =
    typeof rawData === 'string' && rawData !== '' && rawData !== '0x' ? rawData : undefined
  const valueRow: DetailRow = {
    label: 'Value',
    value:
      value === undefined
        ? String(call.value)
        : `${formatWei(value, currency.decimals)} ${currency.symbol}`,
  }
  const decoded = to && data && value !== undefined ? decodeCall({ to, data, value }) : undefined
  if (decoded) {
    const rows = decodedRows(decoded, known)
    // A swap from the coin shows its value as what it sells; any other value is shown too.
    const showsValue = decoded.kind === 'swap' && decoded.sell.token === undefined
    if (value && !showsValue) rows.push(valueRow)
    return { summary: summaryOf(decoded, known), rows }
  }
  const rows: DetailRow[] = [
    to ? { label: 'To', value: to, mono: true } : { label: 'To', value: 'New contract' },
    valueRow,
  ]
  if (data) {
    if (to && data.length >= 10)
      rows.push({ label: 'Function', value: data.slice(0, 10), mono: true })
    rows.push({ label: 'Data', value: shortenData(data), mono: true })
  }
  return { rows }
}

function tokenOf(address: string | undefined, known: KnownContracts) {
  if (address === undefined) return { ...known.currency, known: true }
  const token = known.tokens.find((candidate) => same(candidate.address, address))
  return token ? { ...token, known: true } : { symbol: 'token', decimals: 0, known: false }
}

/** An amount of a token in its units; of an unknown token, in base units, said so. */
function amountOf(amount: bigint, address: string | undefined, known: KnownContracts): string {
  const token = tokenOf(address, known)
  if (!token.known) return `${amount} (base units of an unknown token)`
  return `${formatWei(amount, token.decimals)} ${token.symbol}`
}

const nameOf = (address: string | undefined, known: KnownContracts) => {
  const token = tokenOf(address, known)
  return token.known ? token.symbol : 'a token'
}

function summaryOf(call: DecodedCall, known: KnownContracts): string {
  switch (call.kind) {
    case 'approve':
      return `Approve ${nameOf(call.token, known)}`
    case 'transfer':
      return `Send ${nameOf(call.token, known)}`
    case 'swap':
      return `Swap ${nameOf(call.sell.token, known)} for ${nameOf(call.buy.token, known)}`
  }
}

function decodedRows(call: DecodedCall, known: KnownContracts): DetailRow[] {
  const isRouter = (address: string) =>
    known.swapRouter !== undefined && same(address, known.swapRouter)
  const party = (label: string, address: string): DetailRow => ({
    label: isRouter(address) ? `${label} (Uniswap V2 router)` : label,
    value: address,
    mono: true,
  })
  switch (call.kind) {
    case 'approve':
      return [
        { label: 'Token', value: call.token, mono: true },
        party('Spender', call.spender),
        {
          label: 'Amount',
          value: call.amount >= UNLIMITED ? 'Unlimited' : amountOf(call.amount, call.token, known),
        },
      ]
    case 'transfer':
      return [
        { label: 'Token', value: call.token, mono: true },
        party('To', call.recipient),
        { label: 'Amount', value: amountOf(call.amount, call.token, known) },
      ]
    case 'swap':
      return [
        party('Swap with', call.router),
        { label: 'Sell', value: amountOf(call.sell.amount, call.sell.token, known) },
        { label: 'Receive at least', value: amountOf(call.buy.minimum, call.buy.token, known) },
        { label: 'Recipient', value: call.recipient, mono: true },
      ]
  }
}
