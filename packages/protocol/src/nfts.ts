import { z } from 'zod'
import { withEvmChecksum } from './addressSchemas.ts'
import { clientQuery } from './api.ts'
import { caipNetworkId } from './caipSchemas.ts'
import { text } from './text.ts'

/** NFTs per page of GET /v1/account/{address}/nfts. */
export const NFTS_PAGE_SIZE = 24

/** The token standards the server lists. */
export const nftStandard = z.enum(['erc721', 'erc1155'])
export type NftStandard = z.infer<typeof nftStandard>

/** GET /v1/account/{address}/nfts query. */
export const nftsQuery = clientQuery.extend({
  chainId: caipNetworkId.describe('The EVM network, e.g. eip155:1'),
  cursor: text()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not one this server gave out')
    .optional()
    .describe('The `next` of the previous page'),
})

/** One NFT the account holds. */
export const nftItem = z.object({
  chainId: caipNetworkId,
  /** The collection's contract, checksummed. */
  contract: z.string(),
  /** Decimal string: ids are up to 256 bits. */
  tokenId: z.string(),
  standard: nftStandard,
  /** How many the account holds: 1 for an ERC-721, any for an ERC-1155 (decimal string). */
  amount: z.string(),
  /** From the token's metadata; absent when it gave none or could not be read. */
  name: z.string().optional(),
  /** The image through this server (size-capped, content-type-checked); absent without one. */
  imageUrl: z.string().optional(),
  collectionName: z.string().optional(),
  /** An unsolicited airdrop lure, or a collection the site owner listed: hidden by the kit. */
  spam: z.boolean(),
})
export type NftItem = z.infer<typeof nftItem>

/** Newest contract first is no order anyone reads: sorted by contract, then token id. */
export const nftsResponse = z.object({
  data: z.array(nftItem),
  next: z.string().nullable(),
})
export type NftsResponse = z.infer<typeof nftsResponse>

/** GET /v1/nft/image/{chainId}/{contract}/{tokenId}: a token's image, proxied. */
export const nftImageParams = z.object({
  chainId: caipNetworkId,
  contract: withEvmChecksum(
    text().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-character address'),
  ),
  tokenId: text().regex(/^[0-9]{1,78}$/, 'Expected a token id in decimal'),
})
