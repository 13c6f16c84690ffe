import { type Address, getAddress, parseAbi } from 'viem'
import type { ChainClient } from '../chains/clients.ts'
import { isCutShort, type UpstreamBounds } from '../chains/upstreamCircuits.ts'
import type { Queryable } from '../db/index.ts'
import { type FetchPolicy, fetchLimited } from './fetchLimited.ts'

/** Metadata larger than this is no NFT's: refused. */
export const METADATA_MAX_BYTES = 64 * 1024
/** A failed read is tried again after this long, not on every page view. */
const RETRY_FAILED_MS = 10 * 60_000
/** Tokens whose metadata is read at once, per call. */
const CONCURRENCY = 4
/** Texts kept from metadata are cut to this many characters. */
const MAX_TEXT = 200
const MAX_URL = 2048

const abi = parseAbi([
  'function name() view returns (string)',
  'function tokenURI(uint256 id) view returns (string)',
  'function uri(uint256 id) view returns (string)',
])

export type NftRef = { contract: string; tokenId: string; standard: 'erc721' | 'erc1155' }
export type NftDescription = { name?: string; image?: string; collectionName?: string }

type Row = {
  contract: string
  token_id: string
  ok: boolean
  name: string | null
  image: string | null
  collection_name: string | null
  fetched_at: Date | string
}

const keyOf = (contract: string, tokenId: string) => `${contract.toLowerCase()}:${tokenId}`
const cut = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined

/**
 * What each NFT's metadata says (name, image URL, collection name), read from the chain and the
 * URL its contract gives once, kept in `nft_metadata`, and read again only after a failure has aged.
 */
export class NftMetadata {
  private readonly inFlight = new Map<string, Promise<NftDescription>>()
  private readonly collectionNames = new Map<string, Promise<string | undefined>>()

  constructor(
    private readonly deps: {
      db: Queryable
      chains: ReadonlyMap<number, ChainClient>
      policy: FetchPolicy
      /** The server's bound on calls running and waiting per metadata host. */
      upstreams?: UpstreamBounds
      log: { warn(object: object, message: string): void }
    },
  ) {}

  /** Each of `refs` on chain `chainId`, by `contract:tokenId` (contract lowercase). */
  async describe(chainId: number, refs: NftRef[]): Promise<Map<string, NftDescription>> {
    const described = new Map<string, NftDescription>()
    if (refs.length === 0) return described
    const rows = await this.deps.db.query<Row>(
      `select contract, token_id::text as token_id, ok, name, image, collection_name, fetched_at
       from nft_metadata
       where chain_id = $1 and (contract, token_id) in (
         select * from unnest($2::text[], $3::numeric[]))`,
      [chainId, refs.map((ref) => ref.contract.toLowerCase()), refs.map((ref) => ref.tokenId)],
    )
    const stored = new Map(rows.map((row) => [keyOf(row.contract, row.token_id), row]))
    const missing: NftRef[] = []
    for (const ref of refs) {
      const row = stored.get(keyOf(ref.contract, ref.tokenId))
      const stale =
        row && !row.ok && Date.now() - new Date(row.fetched_at).getTime() > RETRY_FAILED_MS
      if (row && !stale) described.set(keyOf(ref.contract, ref.tokenId), descriptionOf(row))
      else missing.push(ref)
    }
    for (let start = 0; start < missing.length; start += CONCURRENCY) {
      const batch = missing.slice(start, start + CONCURRENCY)
      const read = await Promise.all(batch.map((ref) => this.readOnce(chainId, ref)))
      batch.forEach((ref, index) => {
        described.set(keyOf(ref.contract, ref.tokenId), read[index] ?? {})
      })
    }
    return described
  }

  /** One token's metadata; parallel asks for the same token share one read. */
  private readOnce(chainId: number, ref: NftRef): Promise<NftDescription> {
    const key = `${chainId}:${keyOf(ref.contract, ref.tokenId)}`
    let reading = this.inFlight.get(key)
    if (!reading) {
      reading = this.read(chainId, ref).finally(() => this.inFlight.delete(key))
      this.inFlight.set(key, reading)
    }
    return reading
  }

  private async read(chainId: number, ref: NftRef): Promise<NftDescription> {
    const chain = this.deps.chains.get(chainId)
    const contract = getAddress(ref.contract)
    const collectionName = chain ? await this.collectionName(chainId, chain, contract) : undefined
    let ok = false
    let name: string | undefined
    let image: string | undefined
    try {
      if (!chain) throw new Error(`chain ${chainId} is not configured`)
      const uri = await this.tokenUri(chain, contract, ref)
      const { body } = await fetchLimited(uri, this.deps.policy, {
        maxBytes: METADATA_MAX_BYTES,
        // Metadata servers label JSON many ways (text/plain, octet-stream): it must parse.
        accept: (type) => !type.startsWith('image/') && !type.startsWith('video/'),
        ...(this.deps.upstreams && { upstreams: this.deps.upstreams }),
      })
      const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>
      name = cut(json.name, MAX_TEXT)
      image = cut(json.image ?? json.image_url, MAX_URL)
      ok = true
    } catch (error) {
      // Turned away by this instance's own bound, or cut short when the request's time ran out:
      // not the host's failure, nothing to record, so the next view tries it rather than one
      // RETRY_FAILED_MS later.
      if (isCutShort(error)) return collectionName ? { collectionName } : {}
      this.deps.log.warn(
        { chainId, contract, tokenId: ref.tokenId, reason: (error as Error).message },
        'NFT metadata unavailable',
      )
    }
    await this.deps.db.query(
      `insert into nft_metadata
         (chain_id, contract, token_id, standard, ok, name, image, collection_name, fetched_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now())
       on conflict (chain_id, contract, token_id) do update
         set ok = excluded.ok, name = excluded.name, image = excluded.image,
             collection_name = excluded.collection_name, fetched_at = now()`,
      [
        chainId,
        contract.toLowerCase(),
        ref.tokenId,
        ref.standard,
        ok,
        name ?? null,
        image ?? null,
        collectionName ?? null,
      ],
    )
    return {
      ...(name ? { name } : {}),
      ...(image ? { image } : {}),
      ...(collectionName ? { collectionName } : {}),
    }
  }

  private async tokenUri(chain: ChainClient, contract: Address, ref: NftRef): Promise<string> {
    const id = BigInt(ref.tokenId)
    if (ref.standard === 'erc721')
      return chain.client.readContract({
        address: contract,
        abi,
        functionName: 'tokenURI',
        args: [id],
      })
    const uri = await chain.client.readContract({
      address: contract,
      abi,
      functionName: 'uri',
      args: [id],
    })
    // ERC-1155: clients put the id, 64 lowercase hex digits, where the URI says {id}.
    return uri.replaceAll('{id}', id.toString(16).padStart(64, '0'))
  }

  /** The contract's `name()`, once per contract; none when it has no such function. */
  private collectionName(chainId: number, chain: ChainClient, contract: Address) {
    const key = `${chainId}:${contract.toLowerCase()}`
    let name = this.collectionNames.get(key)
    if (!name) {
      name = chain.client
        .readContract({ address: contract, abi, functionName: 'name' })
        .then((value) => cut(value, MAX_TEXT))
        .catch(() => {
          // Not kept: a node that failed this once is asked again next time.
          this.collectionNames.delete(key)
          return undefined
        })
      this.collectionNames.set(key, name)
    }
    return name
  }
}

function descriptionOf(row: Row): NftDescription {
  return {
    ...(row.name ? { name: row.name } : {}),
    ...(row.image ? { image: row.image } : {}),
    ...(row.collection_name ? { collectionName: row.collection_name } : {}),
  }
}
