/**
 * Which NFTs are spam. The site owner's word comes first (a chain's `nfts.allow` and `nfts.spam`
 * contract lists); otherwise a collection or token whose name reads like an airdrop lure is: a
 * reward to claim, or a web address to visit. Real collections name themselves, not a site to
 * go to, and unsolicited mints are how phishing sites reach wallets.
 */
export type NftSpamLists = {
  /** Lowercase contract addresses the owner flags as spam. */
  spam: ReadonlySet<string>
  /** Lowercase contract addresses the owner vouches for: never flagged by the names rule. */
  allow: ReadonlySet<string>
}

/** Words lures are written with. */
const LURE_WORDS =
  /\b(claim|claimable|airdrop|airdropped|reward|rewards|voucher|giveaway|eligible|redeem|free\s+mint)\b/i
/** A web address: a scheme, `www.`, or a dotted name ending in letters (`nft-rewards.example`). */
const WEB_ADDRESS = /(https?:\/\/|www\.|\b[a-z0-9][a-z0-9-]*\.[a-z]{2,}\b)/i

/** Whether a name reads like an airdrop lure. */
export function looksLikeLure(name: string | undefined): boolean {
  return name !== undefined && (LURE_WORDS.test(name) || WEB_ADDRESS.test(name))
}

/**
 * @example isSpamNft({ contract: '0xab…', collectionName: 'Airdrop Voucher', name: 'Claim at x.io' }, lists) // true
 */
export function isSpamNft(
  nft: { contract: string; collectionName?: string | undefined; name?: string | undefined },
  lists: NftSpamLists,
): boolean {
  const contract = nft.contract.toLowerCase()
  if (lists.allow.has(contract)) return false
  if (lists.spam.has(contract)) return true
  return looksLikeLure(nft.collectionName) || looksLikeLure(nft.name)
}
