import * as z from 'zod/mini'
import { caipNetworkIdAnswer } from './leaves.ts'

/** The token standards the server lists. */
export const nftStandard = z.enum(['erc721', 'erc1155'])
export type NftStandard = z.infer<typeof nftStandard>

/** One NFT the account holds. */
export const nftItem = z.object({
  chainId: caipNetworkIdAnswer,
  /** The collection's contract, checksummed. */
  contract: z.string(),
  /** Decimal string: ids are up to 256 bits. */
  tokenId: z.string(),
  standard: nftStandard,
  /** How many the account holds: 1 for an ERC-721, any for an ERC-1155 (decimal string). */
  amount: z.string(),
  /** From the token's metadata; absent when it gave none or could not be read. */
  name: z.optional(z.string()),
  /** The image through this server (size-capped, content-type-checked); absent without one. */
  imageUrl: z.optional(z.string()),
  collectionName: z.optional(z.string()),
  /** An unsolicited airdrop lure, or a collection the site owner listed: hidden by the kit. */
  spam: z.boolean(),
})
export type NftItem = z.infer<typeof nftItem>

/** Newest contract first is no order anyone reads: sorted by contract, then token id. */
export const nftsResponse = z.object({
  data: z.array(nftItem),
  next: z.nullable(z.string()),
})
export type NftsResponse = z.infer<typeof nftsResponse>
