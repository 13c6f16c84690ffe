/** The devnet's NFT collections: what each is, and what every dev account is given of it. */

export type CollectibleSpec = {
  key: string
  standard: 'erc721'
  name: string
  symbol: string
  spam: boolean
  /** Tokens minted to each of the ten accounts, numbered on from 1 in account order. */
  perAccount: number
  /** The salt it is deployed with through the CREATE2 deployer. */
  salt: `0x${string}`
}

export type MultiTokenSpec = {
  key: string
  standard: 'erc1155'
  name: string
  spam: false
  /** Token ids and how many of each every account holds. */
  items: readonly { id: number; name: string; perAccount: number }[]
  salt: `0x${string}`
}

/** Art, a lure minted unasked (spam), and a game's items (ERC-1155). */
export const ART: CollectibleSpec = {
  key: 'tiles',
  standard: 'erc721',
  name: 'Latch Tiles',
  symbol: 'TILE',
  spam: false,
  perAccount: 2,
  salt: '0x00000000000000000000000000000000000000000000000000000000000007a1',
}

export const SPAM_NFT: CollectibleSpec = {
  key: 'voucher',
  standard: 'erc721',
  // Named as airdrop lures are: a reward to claim on a site.
  name: 'Airdrop Voucher: claim at nft-rewards.example',
  symbol: 'CLAIM',
  spam: true,
  perAccount: 1,
  salt: '0x00000000000000000000000000000000000000000000000000000000000007a2',
}

export const ITEMS: MultiTokenSpec = {
  key: 'items',
  standard: 'erc1155',
  name: 'Latch Devnet Items',
  spam: false,
  items: [
    { id: 1, name: 'Devnet Badge', perAccount: 5 },
    { id: 2, name: 'Devnet Ticket', perAccount: 1 },
  ],
  salt: '0x0000000000000000000000000000000000000000000000000000000000000a55',
}

export const COLLECTIBLES: readonly CollectibleSpec[] = [ART, SPAM_NFT]
