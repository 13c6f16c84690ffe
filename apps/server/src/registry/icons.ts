import type { CaipNetworkId } from '@latch/protocol'
import { walletIdOf } from './catalogue.ts'
import type { IconRef } from './iconLibrary.ts'
import { NETWORK } from './networks.ts'

/**
 * Catalogue wallets (by slug) and the library icon that is their mark. A wallet named by its
 * maker's brand (Uniswap, 1inch, Binance, Crypto.com) shows that brand's token mark, which is the
 * same logo. A wallet missing here keeps its generated tile.
 */
const WALLET_ICONS: Record<string, IconRef> = {
  metamask: { set: 'wallets', name: 'metamask' },
  trust: { set: 'wallets', name: 'trust' },
  'coinbase-wallet': { set: 'wallets', name: 'coinbase' },
  rainbow: { set: 'wallets', name: 'rainbow' },
  rabby: { set: 'wallets', name: 'rabby' },
  phantom: { set: 'wallets', name: 'phantom' },
  'okx-wallet': { set: 'wallets', name: 'okx' },
  zerion: { set: 'wallets', name: 'zerion' },
  'ledger-live': { set: 'wallets', name: 'ledger' },
  'uniswap-wallet': { set: 'tokens', name: 'UNI' },
  safe: { set: 'wallets', name: 'safe' },
  argent: { set: 'wallets', name: 'argent' },
  imtoken: { set: 'wallets', name: 'imtoken' },
  tokenpocket: { set: 'wallets', name: 'token-pocket' },
  exodus: { set: 'wallets', name: 'exodus' },
  '1inch-wallet': { set: 'tokens', name: '1INCH' },
  'binance-web3-wallet': { set: 'tokens', name: 'BNB' },
  'crypto-com-defi-wallet': { set: 'tokens', name: 'CRO' },
  zengo: { set: 'wallets', name: 'zengo' },
  backpack: { set: 'wallets', name: 'backpack' },
  solflare: { set: 'wallets', name: 'solflare' },
  keplr: { set: 'wallets', name: 'keplr' },
  enkrypt: { set: 'wallets', name: 'enkrypt' },
  coin98: { set: 'wallets', name: 'coin98' },
  'atomic-wallet': { set: 'wallets', name: 'atomic' },
  'kraken-wallet': { set: 'wallets', name: 'kraken' },
  'ronin-wallet': { set: 'wallets', name: 'ronin' },
  'trezor-suite': { set: 'wallets', name: 'trezor' },
  'mew-wallet': { set: 'wallets', name: 'my-ether-wallet' },
}

const WALLET_ICONS_BY_ID = new Map(
  Object.entries(WALLET_ICONS).map(([slug, icon]) => [walletIdOf(slug), icon]),
)

/** The library icon of a catalogue wallet, by wallet id; none for operator-added wallets. */
export function walletIcon(walletId: string): IconRef | undefined {
  return WALLET_ICONS_BY_ID.get(walletId)
}

const ETHEREUM: IconRef = { set: 'networks', name: 'ethereum' }

/** Well-known networks' icons; a testnet shows its mainnet's mark. */
const NETWORK_ICONS: Partial<Record<CaipNetworkId, IconRef>> = {
  [NETWORK.ethereum]: ETHEREUM,
  [NETWORK.optimism]: { set: 'networks', name: 'optimism' },
  [NETWORK.bnbSmartChain]: { set: 'networks', name: 'binance-smart-chain' },
  [NETWORK.gnosis]: { set: 'networks', name: 'gnosis' },
  [NETWORK.polygon]: { set: 'networks', name: 'polygon' },
  [NETWORK.zkSync]: { set: 'networks', name: 'zksync' },
  [NETWORK.ronin]: { set: 'networks', name: 'ronin' },
  [NETWORK.base]: { set: 'networks', name: 'base' },
  [NETWORK.arbitrum]: { set: 'networks', name: 'arbitrum-one' },
  [NETWORK.avalanche]: { set: 'networks', name: 'avalanche' },
  [NETWORK.sepolia]: ETHEREUM,
  [NETWORK.baseSepolia]: { set: 'networks', name: 'base' },
  [NETWORK.solana]: { set: 'networks', name: 'solana' },
  [NETWORK.solanaDevnet]: { set: 'networks', name: 'solana' },
  [NETWORK.solanaTestnet]: { set: 'networks', name: 'solana' },
  [NETWORK.bitcoin]: { set: 'networks', name: 'bitcoin' },
  [NETWORK.bitcoinTestnet]: { set: 'networks', name: 'bitcoin' },
  [NETWORK.polkadot]: { set: 'networks', name: 'polkadot' },
  [NETWORK.cosmosHub]: { set: 'networks', name: 'cosmos-hub' },
}

/**
 * A network's icon: its own when it is well known; else an EVM chain whose native coin is ether
 * (a devnet, a private rollup) shows Ethereum's mark, as its coin does.
 */
export function networkIcon(id: string, nativeSymbol?: string): IconRef | undefined {
  const known = NETWORK_ICONS[id as CaipNetworkId]
  if (known) return known
  return id.startsWith('eip155:') && nativeSymbol?.toUpperCase() === 'ETH' ? ETHEREUM : undefined
}

/** Wrapped coins the library has no mark of show the coin they wrap. */
const TOKEN_ALIASES: Record<string, string> = { WETH: 'ETH' }

/** A token's icon by upper-case symbol (the library names token icons by symbol). */
export function tokenIcon(symbol: string): IconRef {
  return { set: 'tokens', name: TOKEN_ALIASES[symbol] ?? symbol }
}
