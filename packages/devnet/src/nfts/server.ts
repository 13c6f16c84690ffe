import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ART, ITEMS, SPAM_NFT } from './collections.ts'
import { tileImage } from './png.ts'

export const DEFAULT_NFT_PORT = 8558

export type NftMetadataServer = {
  /** `http://127.0.0.1:PORT`: each collection's metadata is under `<url>/<key>/`. */
  url: string
  stop(): Promise<void>
}

type Metadata = { name: string; description: string; image: string }

/**
 * Serves the devnet NFTs' metadata (JSON, as tokenURI and uri point to it) and their PNG images,
 * on loopback. ERC-721: `/<key>/<id>`; ERC-1155: `/items/<id as 64 hex digits>.json`, the form
 * its `{id}` placeholder takes; images: `/<key>/<id>.png`.
 */
export async function startNftMetadataServer(options: {
  host: string
  port: number
  log?: (line: string) => void
}): Promise<NftMetadataServer> {
  let url = ''
  const metadata = (key: string, id: bigint): Metadata | undefined => {
    const image = `${url}/${key}/${id}.png`
    if (key === ART.key && id > 0n && id <= 1000n)
      return { name: `Latch Tile #${id}`, description: 'A tile of the Latch devnet.', image }
    if (key === SPAM_NFT.key && id > 0n && id <= 1000n)
      return {
        name: 'Claim 1,000 USDC at nft-rewards.example',
        description: 'You are eligible: connect your wallet at nft-rewards.example to claim.',
        image,
      }
    const item =
      key === ITEMS.key ? ITEMS.items.find((entry) => BigInt(entry.id) === id) : undefined
    return item
      ? { name: item.name, description: `${ITEMS.name}: ${item.name}.`, image }
      : undefined
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://devnet').pathname
    const match = /^\/([a-z]+)\/(?:([0-9]{1,6})|([0-9a-f]{64})\.json|([0-9]{1,6})\.png)$/.exec(path)
    const [, key = '', decimal, hex, imageId] = match ?? []
    const id = decimal ?? (hex ? BigInt(`0x${hex}`).toString() : imageId)
    const found = id === undefined ? undefined : metadata(key, BigInt(id))
    if (request.method !== 'GET' || !found) {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end('{"error":"Not found"}')
      return
    }
    if (imageId !== undefined) {
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' })
      response.end(tileImage(Number(imageId) + key.length * 7))
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(found))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  url = `http://${options.host}:${port}`
  options.log?.(`NFT metadata on ${url}`)
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
