import {
  accountAddressParams,
  clientQuery,
  errorResponse,
  isEvmAccount,
  NFTS_PAGE_SIZE,
  type NftItem,
  nftImageParams,
  nftsQuery,
  nftsResponse,
} from '@latch/protocol'
import { pathOf, ROUTES } from '@latch/protocol/routes'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { getAddress } from 'viem'
import { evmAddressOf } from '../chains/chainParam.ts'
import type { ChainClient } from '../chains/clients.ts'
import type { UpstreamBounds } from '../chains/upstreamCircuits.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { IMAGE_CONTENT_SECURITY_POLICY } from '../registry/images.ts'
import { serverOrigin } from '../registry/tokenIcon.ts'
import { fetchLimited } from './fetchLimited.ts'
import { decodeHoldingsCursor, encodeHoldingsCursor, readHoldings } from './holdings.ts'
import type { NftMetadata } from './metadata.ts'
import { isSpamNft, type NftSpamLists } from './spam.ts'

/** Images larger than this are not passed on: a page's NFT grid is no place for them. */
export const NFT_IMAGE_MAX_BYTES = 2 * 1024 * 1024
/**
 * Raster images only: an SVG can carry script and links, and a GIF or PNG cannot. The page shows
 * them in <img>, but a visitor may open the URL on its own.
 */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'])
const BAD_CURSOR = 'querystring.cursor: cursor is not one this server gave out'

/** The spam lists of each chain, lowercase, from its `nfts` config. */
export function spamListsOf(chains: ReadonlyMap<number, ChainClient>): Map<number, NftSpamLists> {
  return new Map(
    [...chains].map(([chainId, chain]) => [
      chainId,
      {
        spam: new Set((chain.config.nfts?.spam ?? []).map((address) => address.toLowerCase())),
        allow: new Set((chain.config.nfts?.allow ?? []).map((address) => address.toLowerCase())),
      },
    ]),
  )
}

/** Where the page loads a token's image: through this server, for the asking project. */
export function nftImageUrl(
  request: FastifyRequest,
  caipNetworkId: string,
  contract: string,
  tokenId: string,
): string {
  const url = new URL(
    // A CAIP-2 id, a checksummed address and a decimal id need no encoding: kept as written.
    pathOf(
      ROUTES.nftImage,
      { chainId: caipNetworkId, contract: getAddress(contract), tokenId },
      (value) => value,
    ),
    serverOrigin(request),
  )
  const projectId = (request.query as { projectId?: unknown } | undefined)?.projectId
  if (typeof projectId === 'string') url.searchParams.set('projectId', projectId)
  return url.toString()
}

/**
 * GET /v1/account/{address}/nfts: the NFTs an EVM account holds on one network, from the indexer's
 * transfers, with their metadata; and GET /v1/nft/image/...: a token's image, proxied.
 */
export const nftRoutes =
  (deps: {
    db: Database
    chains: ReadonlyMap<number, ChainClient>
    metadata: NftMetadata
    policy: Parameters<typeof fetchLimited>[1]
    /** The server's bound on calls running and waiting per image host. */
    upstreams?: UpstreamBounds
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const spamLists = spamListsOf(deps.chains)
    const chainOf = (caipNetworkId: string) =>
      [...deps.chains.values()].find((chain) => chain.caipNetworkId === caipNetworkId)

    app.get(
      ROUTES.nfts.path,
      {
        schema: {
          tags: ['blockchain'],
          summary: "An EVM account's NFTs on one network, 24 a page",
          description:
            'ERC-721 and ERC-1155 tokens of any contract the account holds on `chainId`, as the ' +
            "indexer's transfers add up, by contract then token id: name, image (through this " +
            'server), collection name, and `spam` for an airdrop lure or a collection the owner ' +
            'flagged. Pass the `next` of a page as `cursor` for the next one.',
          params: accountAddressParams,
          querystring: nftsQuery,
          response: {
            200: nftsResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
          },
        },
      },
      async (request) => {
        const { chainId, cursor } = request.query
        if (!isEvmAccount(request.params.address))
          throw new HttpError(400, 'NFTs are listed for EVM addresses only')
        const chain = chainOf(chainId)
        if (!chain) throw new HttpError(400, `Unsupported chain: ${chainId}`)
        const after = cursor === undefined ? undefined : decodeHoldingsCursor(cursor)
        if (cursor !== undefined && !after) throw new HttpError(400, BAD_CURSOR)
        const holdings = await readHoldings(deps.db, {
          address: evmAddressOf(request.params.address),
          chainId: chain.config.chainId,
          ...(after ? { after } : {}),
          limit: NFTS_PAGE_SIZE + 1,
        })
        const page = holdings.slice(0, NFTS_PAGE_SIZE)
        const described = await deps.metadata.describe(chain.config.chainId, page)
        const lists = spamLists.get(chain.config.chainId) ?? { spam: new Set(), allow: new Set() }
        const last = page.at(-1)
        return {
          data: page.map((holding): NftItem => {
            const about = described.get(`${holding.contract}:${holding.tokenId}`) ?? {}
            return {
              chainId: chain.caipNetworkId,
              contract: getAddress(holding.contract),
              tokenId: holding.tokenId,
              standard: holding.standard,
              amount: holding.amount,
              ...(about.name ? { name: about.name } : {}),
              ...(about.image
                ? {
                    imageUrl: nftImageUrl(
                      request,
                      chain.caipNetworkId,
                      holding.contract,
                      holding.tokenId,
                    ),
                  }
                : {}),
              ...(about.collectionName ? { collectionName: about.collectionName } : {}),
              spam: isSpamNft({ contract: holding.contract, ...about }, lists),
            }
          }),
          next: holdings.length > NFTS_PAGE_SIZE && last ? encodeHoldingsCursor(last) : null,
        }
      },
    )

    app.get(
      ROUTES.nftImage.path,
      {
        schema: {
          tags: ['blockchain'],
          summary:
            "An NFT's image, read from where its metadata points (PNG, JPEG, GIF, WebP, AVIF)",
          params: nftImageParams,
          querystring: clientQuery,
          response: {
            // 200: the image's own bytes and type (at most 2 MiB), sent as read, not serialized.
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            404: errorResponse,
            502: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const { chainId, contract, tokenId } = request.params
        const chain = chainOf(chainId)
        if (!chain) throw new HttpError(400, `Unsupported chain: ${chainId}`)
        const contractAddress = contract.toLowerCase()
        // The standard matters only on a first read; an image is asked for after its listing.
        const [standard] = await deps.db.query<{ standard: 'erc721' | 'erc1155' }>(
          `select standard from history_transfers
           where chain_id = $1 and token = $2 and token_id = $3 limit 1`,
          [chain.config.chainId, contractAddress, tokenId],
        )
        if (!standard) throw new HttpError(404, 'No such NFT on this network')
        const about = (
          await deps.metadata.describe(chain.config.chainId, [
            { contract: contractAddress, tokenId, standard: standard.standard },
          ])
        ).get(`${contractAddress}:${tokenId}`)
        if (!about?.image) throw new HttpError(404, 'This NFT has no image')
        let image: { body: Buffer; contentType: string }
        try {
          image = await fetchLimited(about.image, deps.policy, {
            maxBytes: NFT_IMAGE_MAX_BYTES,
            accept: (type) => IMAGE_TYPES.has(type),
            ...(deps.upstreams && { upstreams: deps.upstreams }),
          })
        } catch (error) {
          request.log.warn(
            { reason: (error as Error).message, chainId, contract, tokenId },
            'NFT image unavailable',
          )
          throw new HttpError(502, 'The image of this NFT could not be read')
        }
        return (
          reply
            .header('cache-control', 'public, max-age=86400')
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', IMAGE_CONTENT_SECURITY_POLICY)
            .header('cross-origin-resource-policy', 'cross-origin')
            .type(image.contentType)
            // The bytes as read: the route declares no 200 schema, so nothing serializes them.
            .send(image.body as never)
        )
      },
    )
  }
