import { z } from 'zod'
import { withEvmChecksum } from './addressSchemas.ts'
import { clientQuery } from './api.ts'
import { caipNetworkId } from './caipSchemas.ts'
import { text } from './text.ts'

/** NFTs per page of GET /v1/account/{address}/nfts. */
export const NFTS_PAGE_SIZE = 24

export {
  type NftItem,
  type NftStandard,
  type NftsResponse,
  nftItem,
  nftStandard,
  nftsResponse,
} from './answers/nfts.ts'

/** GET /v1/account/{address}/nfts query. */
export const nftsQuery = clientQuery.extend({
  chainId: caipNetworkId.describe('The EVM network, e.g. eip155:1'),
  cursor: text()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not one this server gave out')
    .optional()
    .describe('The `next` of the previous page'),
})

/** GET /v1/nft/image/{chainId}/{contract}/{tokenId}: a token's image, proxied. */
export const nftImageParams = z.object({
  chainId: caipNetworkId,
  contract: withEvmChecksum(
    text().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-character address'),
  ),
  tokenId: text().regex(/^[0-9]{1,78}$/, 'Expected a token id in decimal'),
})
