import type { HistoryResponse, NftItem, NftsResponse } from '@latch/protocol'
import {
  encodeFunctionData,
  getAddress,
  type Hex,
  parseAbi,
  parseEther,
  parseEventLogs,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { readRange } from '../src/indexer/readRange.ts'
import { createIndexerRpc } from '../src/indexer/rpc.ts'
import { devnetRpc, devnetWallet, sendBatch, waitForIndexed } from './devnetTx.ts'
import { startTestServer, type TestServer } from './helpers.ts'

const devnet = inject('devnet')
const chain = devnet.chains[0] as (typeof devnet.chains)[number]
const CHAIN = `eip155:${chain.chainId}`
const collection = (key: string) => {
  const found = chain.nfts?.find((nft) => nft.key === key)
  if (!found) throw new Error(`the devnet has no ${key} collection`)
  return found.address
}
const [TILES, VOUCHER, ITEMS] = [collection('tiles'), collection('voucher'), collection('items')]
const abi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'function mint(address to) returns (uint256)',
  'function mint(address to, uint256 id, uint256 amount)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
])

// Fresh accounts with ether set on the node: no devnet account's nonce is touched, so this file
// shares the chain with the others. The devnet's collections let anyone mint.
const fund = async (address: Hex) =>
  devnetRpc(chain.rpcUrl, 'anvil_setBalance', [address, toHex(parseEther('10'))])
const me = devnetWallet(chain, generatePrivateKey())
const stranger = devnetWallet(chain, generatePrivateKey())
const friend = privateKeyToAccount(generatePrivateKey()).address
const collector = privateKeyToAccount(generatePrivateKey()).address
const PAGED = 30
let mine: bigint[] = []
let lastBlock = 0n
let firstBlock: bigint | undefined

beforeAll(async () => {
  await Promise.all([fund(me.account.address), fund(stranger.account.address)])
  const receipt = async (hash: Hex) => {
    const mined = await me.client.waitForTransactionReceipt({ hash })
    if (mined.status !== 'success') throw new Error('a setup transaction reverted')
    if (mined.blockNumber > lastBlock) lastBlock = mined.blockNumber
    if (firstBlock === undefined || mined.blockNumber < firstBlock) firstBlock = mined.blockNumber
    return mined
  }
  const to = me.account.address
  const call = (address: Hex, data: Hex) => ({ to: address, data, gas: 300_000n })
  const minted = await Promise.all(
    (
      await sendBatch(chain, me.account, [
        call(TILES, encodeFunctionData({ abi, functionName: 'mint', args: [to] })),
        call(TILES, encodeFunctionData({ abi, functionName: 'mint', args: [to] })),
        call(TILES, encodeFunctionData({ abi, functionName: 'mint', args: [to] })),
        call(ITEMS, encodeFunctionData({ abi, functionName: 'mint', args: [to, 1n, 4n] })),
        call(ITEMS, encodeFunctionData({ abi, functionName: 'mint', args: [to, 2n, 1n] })),
      ])
    ).map(receipt),
  )
  mine = minted
    .slice(0, 3)
    .flatMap((mined) => parseEventLogs({ abi, eventName: 'Transfer', logs: mined.logs }))
    .map((log) => log.args.tokenId)
  const [first] = mine
  if (first === undefined) throw new Error('no tile was minted')
  // Then one tile away (ERC-721), one badge away in a batch (ERC-1155 TransferBatch), a lure
  // minted to the account unasked, and 30 tiles to a collector for paging.
  await Promise.all(
    (
      await sendBatch(chain, me.account, [
        call(
          TILES,
          encodeFunctionData({ abi, functionName: 'safeTransferFrom', args: [to, friend, first] }),
        ),
        call(
          ITEMS,
          encodeFunctionData({
            abi,
            functionName: 'safeBatchTransferFrom',
            args: [to, friend, [1n], [1n], '0x'],
          }),
        ),
      ])
    ).map(receipt),
  )
  await Promise.all(
    (
      await sendBatch(chain, stranger.account, [
        call(VOUCHER, encodeFunctionData({ abi, functionName: 'mint', args: [to] })),
        ...Array.from({ length: PAGED }, () =>
          call(TILES, encodeFunctionData({ abi, functionName: 'mint', args: [collector] })),
        ),
      ])
    ).map(receipt),
  )
})

it('follows only the listed collections when a chain names them', async () => {
  const rpc = createIndexerRpc([chain.rpcUrl], {
    timeoutMs: 5000,
    signal: AbortSignal.timeout(30_000),
  })
  const context = { tokens: new Map(), router: undefined, weth: undefined, useTraces: false }
  const nftsOf = async (nftContracts?: string[]) =>
    (
      await readRange(rpc, { ...context, nftContracts }, Number(firstBlock), Number(lastBlock))
    ).blocks
      .flatMap((block) => block.transactions.flatMap((transaction) => transaction.transfers))
      .filter((transfer) => transfer.tokenId !== undefined)
      .map((transfer) => transfer.token)
  expect(new Set(await nftsOf())).toEqual(
    new Set([TILES, VOUCHER, ITEMS].map((address) => address.toLowerCase())),
  )
  expect(new Set(await nftsOf([ITEMS.toLowerCase()]))).toEqual(new Set([ITEMS.toLowerCase()]))
  expect(await nftsOf([])).toEqual([])
})

describe('NFTs, indexed from the devnet (PostgreSQL)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('postgres', { INDEXER_ENABLED: 'true', INDEXER_POLL_MS: '50' })
    await waitForIndexed(server.db, chain.chainId, lastBlock, 60_000)
  }, 90_000)
  afterAll(async () => {
    await server?.close()
  })

  const get = (url: string) => server.app.inject({ method: 'GET', url })
  const nfts = async (address: string, cursor?: string) => {
    const response = await get(
      `/v1/account/${address}/nfts?projectId=latch-dev&chainId=${CHAIN}${cursor ? `&cursor=${cursor}` : ''}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as NftsResponse
  }
  const find = (list: NftItem[], contract: Hex, tokenId: bigint | number) =>
    list.find((nft) => nft.contract === getAddress(contract) && nft.tokenId === String(tokenId))

  it('lists what was minted less what was sent, with metadata, images, and the lure flagged', async () => {
    const { data, next } = await nfts(me.account.address)
    expect(next).toBeNull()
    const [first, second, third] = mine.map(String)
    expect(data.map((nft) => `${nft.standard}:${nft.tokenId}:${nft.amount}:${nft.spam}`)).toEqual(
      expect.arrayContaining([
        `erc721:${second}:1:false`,
        `erc721:${third}:1:false`,
        'erc1155:1:3:false',
        'erc1155:2:1:false',
        expect.stringMatching(/^erc721:\d+:1:true$/),
      ]),
    )
    expect(data).toHaveLength(5)
    expect(data.some((nft) => nft.tokenId === first && nft.contract === getAddress(TILES))).toBe(
      false,
    )
    const tile = find(data, TILES, BigInt(second as string))
    expect(tile).toMatchObject({
      chainId: CHAIN,
      name: `Latch Tile #${second}`,
      collectionName: 'Latch Tiles',
    })
    expect(find(data, ITEMS, 1)).toMatchObject({
      name: 'Devnet Badge',
      collectionName: 'Latch Devnet Items',
    })
    const lure = data.find((nft) => nft.spam)
    expect(lure?.contract).toBe(getAddress(VOUCHER))
    expect(lure?.name).toMatch(/claim/i)

    // The image comes through the server, checked and capped, never from the metadata host itself.
    const url = new URL(tile?.imageUrl ?? '')
    expect(url.pathname).toBe(`/v1/nft/image/${CHAIN}/${getAddress(TILES)}/${second}`)
    const image = await get(`${url.pathname}${url.search}`)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.headers['x-content-type-options']).toBe('nosniff')
    expect(image.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    )
    const unknown = await get(
      `/v1/nft/image/${CHAIN}/${getAddress(TILES)}/999999?projectId=latch-dev`,
    )
    expect(unknown.statusCode).toBe(404)
  })

  it('moves a transferred NFT to its new holder', async () => {
    const { data } = await nfts(friend)
    expect(data.map((nft) => `${nft.contract}:${nft.tokenId}:${nft.amount}`).sort()).toEqual(
      [`${getAddress(TILES)}:${mine[0]}:1`, `${getAddress(ITEMS)}:1:1`].sort(),
    )
  })

  it('pages by contract and token id, each NFT once', async () => {
    const first = await nfts(collector)
    expect(first.data).toHaveLength(24)
    expect(first.next).toEqual(expect.any(String))
    const second = await nfts(collector, first.next ?? '')
    expect(second.data).toHaveLength(PAGED - 24)
    expect(second.next).toBeNull()
    const ids = [...first.data, ...second.data].map((nft) => BigInt(nft.tokenId))
    expect(new Set(ids).size).toBe(PAGED)
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    const bad = await get(
      `/v1/account/${collector}/nfts?projectId=latch-dev&chainId=${CHAIN}&cursor=bm90LW91cnM`,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/cursor/)
  })

  it('shows NFT transfers in the history, with their image, and the lure as spam', async () => {
    const response = await get(
      `/v1/account/${me.account.address}/history?projectId=latch-dev&chainId=${CHAIN}`,
    )
    expect(response.statusCode).toBe(200)
    const transfers = (response.json() as HistoryResponse).data.flatMap((tx) =>
      tx.transfers.map((transfer) => ({ type: tx.metadata.operationType, ...transfer })),
    )
    const sent = transfers.find(
      (transfer) => transfer.direction === 'out' && transfer.nft_info?.token_id === String(mine[0]),
    )
    expect(sent).toMatchObject({
      type: 'send',
      quantity: { numeric: '1' },
      nft_info: {
        name: `Latch Tile #${mine[0]}`,
        collection: { name: 'Latch Tiles' },
        standard: 'erc721',
        flags: { is_spam: false },
      },
    })
    expect(sent?.nft_info?.content?.preview.url).toContain(`/v1/nft/image/${CHAIN}/`)
    const lure = transfers.find((transfer) => transfer.nft_info?.contract === getAddress(VOUCHER))
    expect(lure).toMatchObject({ direction: 'in', nft_info: { flags: { is_spam: true } } })
    const badge = transfers.find(
      (transfer) => transfer.direction === 'out' && transfer.nft_info?.standard === 'erc1155',
    )
    expect(badge).toMatchObject({ quantity: { numeric: '1' }, nft_info: { name: 'Devnet Badge' } })
  })

  it('refuses a non-EVM address and a network it does not serve, with a message', async () => {
    const solana = await get(
      `/v1/account/So11111111111111111111111111111111111111112/nfts?projectId=latch-dev&chainId=${CHAIN}`,
    )
    expect(solana.statusCode).toBe(400)
    expect(solana.json().message).toBe('NFTs are listed for EVM addresses only')
    const other = await get(`/v1/account/${friend}/nfts?projectId=latch-dev&chainId=eip155:5`)
    expect(other.statusCode).toBe(400)
    expect(other.json().message).toBe('Unsupported chain: eip155:5')
  })
})
