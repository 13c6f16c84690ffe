import type { UpstreamBounds } from '../chains/upstreamCircuits.ts'

/**
 * Fetching what an NFT's contract points to (metadata, images) is fetching what a stranger chose:
 * only from the hosts the owner allows (on a development server, loopback too, where the devnet
 * serves its own), over http(s), with a timeout and a size cap, redirects checked like the first
 * URL. `ipfs://` goes through the owner's gateway when one is set; `data:` is read in place.
 */
export type FetchPolicy = {
  /** Host names metadata and images may come from (NFT_METADATA_HOSTS); `*.x.io` for subdomains. */
  allowedHosts: readonly string[]
  /** Loopback hosts too: development only, where the devnet serves its metadata. */
  allowLoopback: boolean
  /** `https://gateway.example/ipfs/` (NFT_IPFS_GATEWAY): where `ipfs://` URLs are read. */
  ipfsGateway: string | undefined
  timeoutMs: number
}

export class FetchRefused extends Error {
  override name = 'FetchRefused'
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])
const MAX_REDIRECTS = 3

/** The URL to read for `raw` under `policy`, or a FetchRefused saying why not. */
export function allowedUrl(raw: string, policy: FetchPolicy): URL {
  let url: URL
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i.exec(raw)
  try {
    if (ipfs) {
      if (!policy.ipfsGateway) throw new FetchRefused('no IPFS gateway is configured')
      url = new URL(
        ipfs[1] ?? '',
        policy.ipfsGateway.endsWith('/') ? policy.ipfsGateway : `${policy.ipfsGateway}/`,
      )
    } else url = new URL(raw)
  } catch (error) {
    if (error instanceof FetchRefused) throw error
    throw new FetchRefused('not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused(`${url.protocol} URLs are not fetched`)
  if (url.username || url.password) throw new FetchRefused('URLs with credentials are not fetched')
  const host = url.hostname.toLowerCase()
  const gatewayHost = policy.ipfsGateway ? new URL(policy.ipfsGateway).hostname.toLowerCase() : ''
  const listed = policy.allowedHosts.some((entry) => {
    const allowed = entry.toLowerCase()
    return allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed
  })
  if (listed || host === gatewayHost || (policy.allowLoopback && LOOPBACK.has(host))) return url
  throw new FetchRefused(`${host} is not an allowed host`)
}

/** A `data:` URL's bytes and media type. */
function readDataUrl(raw: string, maxBytes: number): { body: Buffer; contentType: string } {
  const match = /^data:([^,;]*)((?:;[^,;]*)*),(.*)$/s.exec(raw)
  if (!match) throw new FetchRefused('a malformed data: URL')
  const [, type = '', parameters = '', payload = ''] = match
  const body = parameters.split(';').includes('base64')
    ? Buffer.from(payload, 'base64')
    : Buffer.from(decodeURIComponent(payload), 'utf8')
  if (body.length > maxBytes) throw new FetchRefused(`larger than ${maxBytes} bytes`)
  return { body, contentType: type.toLowerCase() || 'text/plain' }
}

type ReadOptions = {
  maxBytes: number
  accept(contentType: string): boolean
  /**
   * The server's bound on calls running and waiting per upstream: a read holds one of its
   * host's (the first URL's, redirects included) until its body is read or refused.
   */
  upstreams?: UpstreamBounds
}

/**
 * Reads `raw` under `policy`: at most `maxBytes`, within the policy's timeout, only when `accept`
 * takes its content type. Throws a FetchRefused (or the network's error, or an
 * UpstreamBusyError past the host's bound) otherwise.
 */
export async function fetchLimited(
  raw: string,
  policy: FetchPolicy,
  options: ReadOptions,
): Promise<{ body: Buffer; contentType: string }> {
  if (raw.startsWith('data:')) {
    const read = readDataUrl(raw, options.maxBytes)
    if (!options.accept(read.contentType)) throw new FetchRefused(`${read.contentType} is refused`)
    return read
  }
  const url = allowedUrl(raw, policy)
  const read = () => readFrom(url, policy, options)
  return options.upstreams ? options.upstreams.bounded(url.origin, read) : read()
}

/** Reads an allowed URL, following at most MAX_REDIRECTS allowed redirects. */
async function readFrom(
  first: URL,
  policy: FetchPolicy,
  options: ReadOptions,
): Promise<{ body: Buffer; contentType: string }> {
  const signal = AbortSignal.timeout(policy.timeoutMs)
  let url = first
  for (let redirects = 0; ; redirects++) {
    const response = await fetch(url, { redirect: 'manual', signal })
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel()
      if (redirects >= MAX_REDIRECTS) throw new FetchRefused('too many redirects')
      url = allowedUrl(new URL(location, url).toString(), policy)
      continue
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new FetchRefused(`answered ${response.status}`)
    }
    const contentType =
      (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!options.accept(contentType)) {
      await response.body?.cancel()
      throw new FetchRefused(`${contentType || 'no content type'} is refused`)
    }
    const declared = Number(response.headers.get('content-length') ?? 0)
    if (declared > options.maxBytes) {
      await response.body?.cancel()
      throw new FetchRefused(`larger than ${options.maxBytes} bytes`)
    }
    const chunks: Buffer[] = []
    let size = 0
    const reader = response.body?.getReader()
    while (reader) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.length
      // Counted as it arrives: a server that lies about its length is cut off all the same.
      if (size > options.maxBytes) {
        await reader.cancel()
        throw new FetchRefused(`larger than ${options.maxBytes} bytes`)
      }
      chunks.push(Buffer.from(value))
    }
    return { body: Buffer.concat(chunks), contentType }
  }
}
