import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allowedUrl, type FetchPolicy, fetchLimited } from './fetchLimited.ts'

const production: FetchPolicy = {
  allowedHosts: ['nft.example', '*.cdn.example'],
  allowLoopback: false,
  ipfsGateway: 'https://ipfs.example/ipfs/',
  timeoutMs: 2000,
}

describe('where NFT metadata may be read from', () => {
  it('takes listed hosts, their listed subdomains and the IPFS gateway', () => {
    expect(allowedUrl('https://nft.example/1.json', production).href).toBe(
      'https://nft.example/1.json',
    )
    expect(allowedUrl('https://a.cdn.example/x.png', production).hostname).toBe('a.cdn.example')
    expect(allowedUrl('ipfs://bafy123/1.json', production).href).toBe(
      'https://ipfs.example/ipfs/bafy123/1.json',
    )
  })

  it('refuses any other host, loopback in production, other schemes and credentials', () => {
    for (const url of [
      'https://evil.example/1.json',
      'http://127.0.0.1:8558/tiles/1',
      'http://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      'https://user:pw@nft.example/1.json',
    ])
      expect(() => allowedUrl(url, production), url).toThrow()
  })
})

describe('reading within the caps', () => {
  let base = ''
  const server = createServer((request, response) => {
    if (request.url === '/big') {
      response.writeHead(200, { 'content-type': 'image/png' })
      response.end(Buffer.alloc(300_000))
    } else if (request.url === '/svg') {
      response.writeHead(200, { 'content-type': 'image/svg+xml' })
      response.end('<svg/>')
    } else if (request.url === '/away') {
      response.writeHead(302, { location: 'https://evil.example/x.png' })
      response.end()
    } else {
      response.writeHead(200, { 'content-type': 'image/png' })
      response.end(Buffer.from([1, 2, 3]))
    }
  })
  const development = { ...production, allowLoopback: true }
  const image = { maxBytes: 100_000, accept: (type: string) => type === 'image/png' }
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('reads an allowed image, and a data: URL in place', async () => {
    expect((await fetchLimited(`${base}/ok`, development, image)).body).toEqual(
      Buffer.from([1, 2, 3]),
    )
    const data = await fetchLimited('data:image/png;base64,AQID', development, image)
    expect(data.body).toEqual(Buffer.from([1, 2, 3]))
  })

  it('refuses what is too large, of a refused type, or redirected to a host not allowed', async () => {
    await expect(fetchLimited(`${base}/big`, development, image)).rejects.toThrow(/larger than/)
    await expect(fetchLimited(`${base}/svg`, development, image)).rejects.toThrow(/refused/)
    await expect(fetchLimited(`${base}/away`, development, image)).rejects.toThrow(
      /not an allowed host/,
    )
  })
})
