import type { EvmNetworkInfo } from '@latch/protocol'
import { expiryText, limitText, type SessionToken } from '@latch/protocol/session-text'
import { parseQuantity } from '../format/formatWei.ts'
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

/**
 * A periodic limit in its token's units ('10 USDC per day'); a token the server does not know is
 * shown in base units with its address, never with a symbol the site could have chosen.
 */
function limitRow(
  amount: unknown,
  duration: unknown,
  token: SessionToken | undefined,
  tokenAddress: string | undefined,
): DetailRow {
  const base = typeof amount === 'string' && /^\d+$/.test(amount) ? BigInt(amount) : undefined
  const seconds = typeof duration === 'number' && duration > 0 ? duration : undefined
  if (base === undefined || seconds === undefined)
    return { label: 'Spending limit', value: `${String(amount)} every ${String(duration)} seconds` }
  if (token) return { label: 'Spending limit', value: limitText(base, seconds, token) }
  return {
    label: 'Spending limit',
    value: `${limitText(base, seconds, { symbol: 'base units', decimals: 0 })} of ${tokenAddress ?? 'an unknown token'}`,
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
): DetailSection[] {
  const [first] = Array.isArray(params) ? params : []
  const request = record(first)
  const chainId = parseQuantity(request.chainId)
  const signer = record(record(request.signer).data)
  const signerText = text(signer.address) ?? text(signer.publicKey) ?? 'unknown'
  const expiry = typeof request.expiry === 'number' ? request.expiry : undefined
  const overview: DetailRow[] = [
    {
      label: 'Network',
      value: network?.name ?? `Chain ${chainId?.toString() ?? fallbackChainId ?? 'unknown'}`,
    },
    { label: 'Session key', value: signerText, mono: true },
    { label: 'Until', value: expiry === undefined ? 'no end given' : expiryText(expiry) },
  ]
  const sections: DetailSection[] = [{ rows: overview }]
  const permissions = Array.isArray(request.permissions) ? request.permissions : []
  for (const entry of permissions) {
    const permission = record(entry)
    const data = record(permission.data)
    switch (permission.type) {
      case 'contract-call': {
        const address = text(data.address) ?? 'unknown'
        const functions = Array.isArray(data.functions) ? data.functions.map(String) : []
        sections.push({
          heading: 'May call',
          rows: [
            { label: 'Contract', value: contractName(address, network), mono: true },
            {
              label: functions.length === 1 ? 'Function' : 'Functions',
              value: functions.length > 0 ? functions.join(', ') : 'none',
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
          heading: 'May spend',
          rows: [limitRow(data.periodAmount, data.periodDuration, token, tokenAddress)],
        })
        break
      }
      case 'native-token-periodic':
        sections.push({
          heading: 'May spend',
          rows: [
            limitRow(data.periodAmount, data.periodDuration, network?.currency, 'the native coin'),
          ],
        })
        break
      default:
        sections.push({
          heading: 'Unknown permission',
          block: { text: String(permission.type ?? 'no type'), mono: true },
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
): DetailSection[] {
  const [first] = Array.isArray(params) ? params : []
  const request = record(first)
  const chainId = parseQuantity(request.chainId)
  return [
    {
      rows: [
        {
          label: 'Network',
          value: network?.name ?? `Chain ${chainId?.toString() ?? fallbackChainId ?? 'unknown'}`,
        },
        { label: 'Session', value: text(request.permissionsContext) ?? 'unknown', mono: true },
      ],
    },
    {
      block: {
        text: 'The site will no longer be able to act for your account with this session.',
        mono: false,
      },
    },
  ]
}
