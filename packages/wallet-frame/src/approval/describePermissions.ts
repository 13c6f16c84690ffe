import type { EvmNetworkInfo } from '@latch/protocol'
import { formatExactAmount } from '@latch/protocol/fees'
import { type PeriodUnit, periodOf, type SessionToken } from '@latch/protocol/session-text'
import { parseQuantity } from '../format/formatWei.ts'
import type { ScreenTextKey } from '../i18n/en.ts'
import type { ScreenWords } from '../i18n/screenLanguage.ts'
import { chainName } from './chainName.ts'
import type { DetailRow, DetailSection } from './types.ts'

/** What the screen knows of the chain a grant is on (POST /wallet/v1/evm/network). */
export type GrantNetwork = Pick<EvmNetworkInfo, 'name' | 'currency' | 'tokens'>

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** A contract as the screen names it: the token's symbol when the server knows it, and its address. */
function contractName(address: string, network: GrantNetwork | undefined): string {
  const token = network?.tokens.find((entry) => same(entry.address, address))
  return token ? `${token.symbol} (${address})` : address
}

/** How the screen says an amount per period: by the period's name, else every so many units. */
const PERIOD_WORDS: Readonly<Record<PeriodUnit, { per?: ScreenTextKey; every: ScreenTextKey }>> = {
  week: { per: 'perWeek', every: 'everyWeeks' },
  day: { per: 'perDay', every: 'everyDays' },
  hour: { per: 'perHour', every: 'everyHours' },
  minute: { per: 'perMinute', every: 'everyMinutes' },
  second: { every: 'everySeconds' },
}

/** An amount and its period, as the screen's language says it: '10 USDC per day'. */
function periodic(amount: string, seconds: number, words: ScreenWords): string {
  const { unit, count } = periodOf(seconds)
  const { per, every } = PERIOD_WORDS[unit]
  return per && count === 1 ? words.say(per, { amount }) : words.say(every, { amount, count })
}

/**
 * A periodic limit in its token's units ('10 USDC per day'); a token the server does not know is
 * shown in base units with its address, never with a symbol the site could have chosen.
 */
function limitRow(
  amount: unknown,
  duration: unknown,
  token: SessionToken | undefined,
  tokenAddress: string | undefined,
  words: ScreenWords,
): DetailRow {
  const label = words.say('spendingLimit')
  const base = typeof amount === 'string' && /^\d+$/.test(amount) ? BigInt(amount) : undefined
  const seconds = typeof duration === 'number' && duration > 0 ? duration : undefined
  if (base === undefined || seconds === undefined)
    return {
      label,
      value: words.say('everySeconds', { amount: String(amount), count: String(duration) }),
    }
  if (token) {
    const inUnits = `${words.amount(formatExactAmount(base, token.decimals))} ${token.symbol}`
    return { label, value: periodic(inUnits, seconds, words) }
  }
  const inBaseUnits = words.say('baseUnits', { amount: words.amount(base.toString()) })
  return {
    label,
    value: words.say('limitOf', {
      limit: periodic(inBaseUnits, seconds, words),
      token: tokenAddress ?? words.say('unknownToken'),
    }),
    mono: true,
  }
}

/**
 * A wallet_grantPermissions request (ERC-7715) in plain words: the network, the session key, until
 * when, then each permission: the contract and the functions it may call, and each spending limit
 * with its period. The site asking is on the screen already (its origin, from the browser).
 */
export function describeGrant(
  params: unknown,
  network: GrantNetwork | undefined,
  fallbackChainId: number | undefined,
  words: ScreenWords,
): DetailSection[] {
  const { say } = words
  const [first] = Array.isArray(params) ? params : []
  const request = record(first)
  const chainId = parseQuantity(request.chainId)
  const signer = record(record(request.signer).data)
  const signerText = text(signer.address) ?? text(signer.publicKey) ?? say('unknown')
  const expiry = typeof request.expiry === 'number' ? request.expiry : undefined
  const overview: DetailRow[] = [
    { label: say('network'), value: network?.name ?? chainName(chainId ?? fallbackChainId, words) },
    { label: say('sessionKey'), value: signerText, mono: true },
    { label: say('until'), value: expiry === undefined ? say('noEnd') : words.date(expiry) },
  ]
  const sections: DetailSection[] = [{ rows: overview }]
  const permissions = Array.isArray(request.permissions) ? request.permissions : []
  for (const entry of permissions) {
    const permission = record(entry)
    const data = record(permission.data)
    switch (permission.type) {
      case 'contract-call': {
        const address = text(data.address) ?? say('unknown')
        const functions = Array.isArray(data.functions) ? data.functions.map(String) : []
        sections.push({
          heading: say('mayCall'),
          rows: [
            { label: say('contract'), value: contractName(address, network), mono: true },
            {
              label: say(functions.length === 1 ? 'function' : 'functions'),
              value: functions.length > 0 ? functions.join(', ') : say('none'),
              mono: true,
            },
          ],
        })
        break
      }
      case 'erc20-token-periodic': {
        const tokenAddress = text(data.tokenAddress)
        const token = tokenAddress
          ? network?.tokens.find((candidate) => same(candidate.address, tokenAddress))
          : undefined
        sections.push({
          heading: say('maySpend'),
          rows: [limitRow(data.periodAmount, data.periodDuration, token, tokenAddress, words)],
        })
        break
      }
      case 'native-token-periodic':
        sections.push({
          heading: say('maySpend'),
          rows: [
            limitRow(
              data.periodAmount,
              data.periodDuration,
              network?.currency,
              say('nativeCoin'),
              words,
            ),
          ],
        })
        break
      default:
        sections.push({
          heading: say('unknownPermission'),
          block: { text: String(permission.type ?? say('noType')), mono: true },
        })
    }
  }
  return sections
}

/** A wallet_revokePermissions request: which session ends, on which network. */
export function describeRevoke(
  params: unknown,
  network: GrantNetwork | undefined,
  fallbackChainId: number | undefined,
  words: ScreenWords,
): DetailSection[] {
  const { say } = words
  const [first] = Array.isArray(params) ? params : []
  const request = record(first)
  const chainId = parseQuantity(request.chainId)
  return [
    {
      rows: [
        {
          label: say('network'),
          value: network?.name ?? chainName(chainId ?? fallbackChainId, words),
        },
        {
          label: say('session'),
          value: text(request.permissionsContext) ?? say('unknown'),
          mono: true,
        },
      ],
    },
    { block: { text: say('revokeNotice'), mono: false } },
  ]
}
