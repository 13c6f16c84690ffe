import { eip155NetworkId } from '@latch/protocol'
import type { ChainConfig } from '../chains/chainConfig.ts'
import type { IconRef } from './iconLibrary.ts'
import { networkIcon } from './icons.ts'
import { initials } from './images.ts'
import { KNOWN_NETWORKS } from './networks.ts'

/**
 * What an asset, currency or token image shows: its name (the title), its library icon if it has
 * one, and a short label for the generated tile otherwise.
 */
export type ImageSubject = { name: string; label: string; icon?: IconRef | undefined }

/** Tokens with an image at `/public/getTokenImage/{symbol}`, by upper-case symbol. */
const TOKENS: Record<string, string> = {
  ETH: 'Ether',
  WETH: 'Wrapped Ether',
  USDC: 'USD Coin',
  USDT: 'Tether USD',
  DAI: 'Dai',
  WBTC: 'Wrapped Bitcoin',
  BTC: 'Bitcoin',
  SOL: 'Solana',
  BNB: 'BNB',
  POL: 'Polygon',
  MATIC: 'Polygon (MATIC)',
  DOT: 'Polkadot',
  ATOM: 'Cosmos',
  AVAX: 'Avalanche',
  ARB: 'Arbitrum',
  OP: 'Optimism',
  LINK: 'Chainlink',
  UNI: 'Uniswap',
  AAVE: 'Aave',
  GNO: 'Gnosis',
  RON: 'Ronin',
  EURC: 'Euro Coin',
  PYUSD: 'PayPal USD',
  STETH: 'Lido Staked Ether',
}

/** Fiat currencies with an image at `/public/getCurrencyImage/{code}`: name and symbol. */
const CURRENCIES: Record<string, [name: string, symbol: string]> = {
  USD: ['US Dollar', '$'],
  EUR: ['Euro', '€'],
  GBP: ['British Pound', '£'],
  JPY: ['Japanese Yen', '¥'],
  CNY: ['Chinese Yuan', 'CN¥'],
  CHF: ['Swiss Franc', 'CHF'],
  CAD: ['Canadian Dollar', 'C$'],
  AUD: ['Australian Dollar', 'A$'],
  NZD: ['New Zealand Dollar', 'NZ$'],
  HKD: ['Hong Kong Dollar', 'HK$'],
  SGD: ['Singapore Dollar', 'S$'],
  INR: ['Indian Rupee', '₹'],
  KRW: ['South Korean Won', '₩'],
  BRL: ['Brazilian Real', 'R$'],
  MXN: ['Mexican Peso', 'MX$'],
  ARS: ['Argentine Peso', 'AR$'],
  SEK: ['Swedish Krona', 'kr'],
  NOK: ['Norwegian Krone', 'kr'],
  DKK: ['Danish Krone', 'kr'],
  PLN: ['Polish Złoty', 'zł'],
  CZK: ['Czech Koruna', 'Kč'],
  TRY: ['Turkish Lira', '₺'],
  ZAR: ['South African Rand', 'R'],
  NGN: ['Nigerian Naira', '₦'],
  AED: ['UAE Dirham', 'AED'],
  ILS: ['Israeli Shekel', '₪'],
  PHP: ['Philippine Peso', '₱'],
  IDR: ['Indonesian Rupiah', 'Rp'],
  THB: ['Thai Baht', '฿'],
  VND: ['Vietnamese Dong', '₫'],
  UAH: ['Ukrainian Hryvnia', '₴'],
}

/**
 * A token by symbol, any case (`usdc` and `USDC` are one image). A symbol of 1 to 11 letters and
 * digits the list lacks (a configured chain's own token, such as the devnet's SPAM) gets a coin
 * of its own, titled by the symbol, so every balance's iconUrl resolves.
 */
export function findToken(symbol: string): (ImageSubject & { key: string }) | undefined {
  const key = symbol.toUpperCase()
  const name = TOKENS[key]
  if (name) return { key, name, label: key === 'STETH' ? 'stETH' : key }
  return /^[A-Z0-9]{1,11}$/.test(key) ? { key, name: key, label: key } : undefined
}

/** A fiat currency by ISO 4217 code, any case. */
export function findCurrency(code: string): (ImageSubject & { key: string }) | undefined {
  const key = code.toUpperCase()
  const currency = CURRENCIES[key]
  return currency ? { key, name: currency[0], label: currency[1] } : undefined
}

/**
 * The networks with an image at `/public/getAssetImage/{id}`: the well-known ones and the
 * server's configured chains, by CAIP-2 id.
 */
export function networkSubjects(chains: ChainConfig[]): Map<string, ImageSubject> {
  const subjects = new Map<string, ImageSubject>(
    KNOWN_NETWORKS.map(({ id, name, label }) => [id, { name, label, icon: networkIcon(id) }]),
  )
  for (const chain of chains) {
    const id = eip155NetworkId(chain.chainId)
    if (subjects.has(id)) continue
    subjects.set(id, {
      name: chain.name,
      label: initials(chain.name),
      icon: networkIcon(id, chain.nativeCurrency.symbol),
    })
  }
  return subjects
}

/** `eip155:1`, or a bare EVM chain id (`1`), as the CAIP-2 id images are keyed by. */
export function networkKey(id: string): string {
  return /^\d+$/.test(id) ? eip155NetworkId(Number(id)) : id
}
