import { HISTORY_PAGE_SIZE, type HistoryResponse, type HistoryTransaction } from '@latch/protocol'
import {
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  maxUint256,
  parseEther,
  parseEventLogs,
  parseUnits,
  type TransactionReceipt,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { encodeHistoryCursor } from '../src/families/evm/historyCursor.ts'
import { devnetWallet, routerAbi, sendBatch, waitForIndexed } from './devnetTx.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'

const devnet = inject('devnet')
const chain = devnet.chains[0] as (typeof devnet.chains)[number]
const CHAIN = `eip155:${chain.chainId}`
const tokenOf = (symbol: string) => {
  const token = chain.tokens.find((candidate) => candidate.symbol === symbol)
  if (!token) throw new Error(`the devnet has no ${symbol}`)
  return token.address
}
const [USDC, SPAM, WETH] = [tokenOf('USDC'), tokenOf('SPAM'), tokenOf('WETH')]
const ROUTER = chain.contracts.uniswapV2Router02
// Account 8 is this file's alone on the shared devnet (rpc.test.ts sends from 7, lock.test.ts from
// 9): it funds the account under test, airdrops it spam and makes the transfers to page through.
const funder = devnetWallet(chain, devnet.accounts[8]?.privateKey as string)

/** What one transaction of the scenario should look like in the account's history. */
type Expected = {
  receipt: TransactionReceipt
  operationType: HistoryTransaction['metadata']['operationType']
  transfers: { symbol: string; direction: 'in' | 'out' | 'self'; numeric: string; spam?: true }[]
}

const user = devnetWallet(chain, generatePrivateKey())
const friend = privateKeyToAccount(generatePrivateKey()).address
const scenario: Expected[] = []
const pagingAccount = privateKeyToAccount(generatePrivateKey()).address
let pagingHashes: Hex[] = []
let lastBlock = 0n

async function mined(hash: Hex): Promise<TransactionReceipt> {
  const receipt = await user.client.waitForTransactionReceipt({ hash })
  if (receipt.blockNumber > lastBlock) lastBlock = receipt.blockNumber
  return receipt
}

// The scenario is played once on the shared chain; each dialect's server indexes it.
beforeAll(async () => {
  const me = user.account.address
  scenario.push({
    receipt: await mined(await funder.wallet.sendTransaction({ to: me, value: parseEther('2') })),
    operationType: 'receive',
    transfers: [{ symbol: 'ETH', direction: 'in', numeric: '2' }],
  })
  scenario.push({
    receipt: await mined(
      await funder.wallet.writeContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [me, parseUnits('250.5', 6)],
      }),
    ),
    operationType: 'receive',
    transfers: [{ symbol: 'USDC', direction: 'in', numeric: '250.5' }],
  })
  scenario.push({
    receipt: await mined(
      await funder.wallet.writeContract({
        address: SPAM,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [me, parseEther('1000')],
      }),
    ),
    operationType: 'receive',
    transfers: [{ symbol: 'SPAM', direction: 'in', numeric: '1000', spam: true }],
  })

  const buy = await mined(
    await user.wallet.writeContract({
      address: ROUTER,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [WETH, USDC], me, maxUint256],
      value: parseEther('0.1'),
    }),
  )
  const [bought] = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: buy.logs }).filter(
    (log) => log.address.toLowerCase() === USDC.toLowerCase() && log.args.to === me,
  )
  scenario.push({
    receipt: buy,
    operationType: 'trade',
    transfers: [
      { symbol: 'ETH', direction: 'out', numeric: '0.1' },
      { symbol: 'USDC', direction: 'in', numeric: formatUnits(bought?.args.value ?? 0n, 6) },
    ],
  })

  scenario.push({
    receipt: await mined(
      await user.wallet.writeContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'approve',
        args: [ROUTER, maxUint256],
      }),
    ),
    operationType: 'approve',
    transfers: [],
  })

  const sell = await mined(
    await user.wallet.writeContract({
      address: ROUTER,
      abi: routerAbi,
      functionName: 'swapExactTokensForETH',
      args: [parseUnits('100', 6), 0n, [USDC, WETH], me, maxUint256],
    }),
  )
  // The ether the router forwarded, read from the balance: what changed plus the gas paid.
  const [before, after] = await Promise.all([
    user.client.getBalance({ address: me, blockNumber: sell.blockNumber - 1n }),
    user.client.getBalance({ address: me, blockNumber: sell.blockNumber }),
  ])
  const etherOut = after - before + sell.gasUsed * sell.effectiveGasPrice
  scenario.push({
    receipt: sell,
    operationType: 'trade',
    transfers: [
      { symbol: 'USDC', direction: 'out', numeric: '100' },
      { symbol: 'ETH', direction: 'in', numeric: formatUnits(etherOut, 18) },
    ],
  })

  scenario.push({
    receipt: await mined(
      await user.wallet.sendTransaction({ to: friend, value: parseEther('0.25') }),
    ),
    operationType: 'send',
    transfers: [{ symbol: 'ETH', direction: 'out', numeric: '0.25' }],
  })
  scenario.push({
    receipt: await mined(
      await user.wallet.writeContract({
        address: USDC,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [me, parseUnits('1', 6)],
      }),
    ),
    operationType: 'send',
    transfers: [{ symbol: 'USDC', direction: 'self', numeric: '1' }],
  })
  // A swap that reverts (no output is enough): mined, failed, moving nothing.
  scenario.push({
    receipt: await mined(
      await user.wallet.writeContract({
        address: ROUTER,
        abi: routerAbi,
        functionName: 'swapExactTokensForETH',
        args: [parseUnits('1', 6), maxUint256, [USDC, WETH], me, maxUint256],
        gas: 300_000n,
      }),
    ),
    operationType: 'execute',
    transfers: [],
  })

  // 120 transfers to one account, for paging.
  pagingHashes = await sendBatch(
    chain,
    funder.account,
    Array.from({ length: 120 }, (_, index) => ({ to: pagingAccount, value: BigInt(index + 1) })),
  )
  await mined(pagingHashes.at(-1) as Hex)
})

describe.each(DIALECTS)('GET /v1/account/{address}/history on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect, { INDEXER_ENABLED: 'true', INDEXER_POLL_MS: '50' })
    await waitForIndexed(server.db, chain.chainId, lastBlock)
  })
  afterAll(async () => {
    await server?.close()
  })

  async function history(address: string, query = '') {
    return server.app.inject({
      method: 'GET',
      url: `/v1/account/${address}/history?projectId=latch-dev${query}`,
    })
  }

  it('lists sends, receipts, swaps as trades, an approve and a spam airdrop, newest first', async () => {
    const response = await history(user.account.address)
    expect(response.statusCode).toBe(200)
    const body = response.json() as HistoryResponse
    expect(body.next).toBeNull()
    const expected = [...scenario].reverse()
    expect(body.data.map((transaction) => transaction.metadata.hash)).toEqual(
      expected.map(({ receipt }) => receipt.transactionHash),
    )
    for (const [index, { receipt, operationType, transfers }] of expected.entries()) {
      const transaction = body.data[index] as HistoryTransaction
      const block = await user.client.getBlock({ blockNumber: receipt.blockNumber })
      const sent = await user.client.getTransaction({ hash: receipt.transactionHash })
      expect(transaction.metadata).toEqual({
        operationType,
        hash: receipt.transactionHash,
        chain: CHAIN,
        minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
        sentFrom: getAddress(sent.from),
        sentTo: sent.to ? getAddress(sent.to) : '',
        status: receipt.status === 'success' ? 'confirmed' : 'failed',
        nonce: sent.nonce,
      })
      expect(
        transaction.transfers.map((transfer) => ({
          symbol: transfer.fungible_info?.symbol,
          direction: transfer.direction,
          numeric: transfer.quantity.numeric,
          ...(transfer.nft_info?.flags.is_spam ? { spam: true } : {}),
        })),
      ).toEqual(transfers)
    }
    expect(body.data.at(-1)?.metadata.status).toBe('confirmed')
    expect(body.data[0]?.metadata.status).toBe('failed')
  })

  it('describes each token and serves its icon from this server', async () => {
    const body = (await history(user.account.address)).json() as HistoryResponse
    const received = body.data.find(
      (transaction) => transaction.metadata.hash === scenario[1]?.receipt.transactionHash,
    )
    expect(received?.transfers).toEqual([
      {
        fungible_info: {
          name: 'USD Coin',
          symbol: 'USDC',
          icon: { url: 'http://localhost/public/getTokenImage/USDC?projectId=latch-dev' },
        },
        direction: 'in',
        quantity: { numeric: '250.5' },
      },
    ])
    const spam = body.data.find(
      (transaction) => transaction.metadata.hash === scenario[2]?.receipt.transactionHash,
    )
    expect(spam?.transfers[0]?.nft_info).toEqual({ flags: { is_spam: true } })
  })

  it('takes the address without 0x and in any case, and one network by chainId', async () => {
    const all = (await history(user.account.address)).json() as HistoryResponse
    const bare = user.account.address.slice(2)
    for (const address of [bare.toUpperCase(), bare.toLowerCase()]) {
      expect((await history(address, `&chainId=${CHAIN}`)).json()).toEqual(all)
    }
    const other = await history(
      user.account.address,
      `&chainId=eip155:${devnet.chains[1]?.chainId}`,
    )
    expect(other.statusCode).toBe(200)
    expect(other.json()).toEqual({ data: [], next: null })
  })

  it('pages through 120 transfers, each exactly once, newest first', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const response = await history(
        pagingAccount,
        cursor ? `&cursor=${encodeURIComponent(cursor)}` : '',
      )
      expect(response.statusCode).toBe(200)
      const body = response.json() as HistoryResponse
      expect(body.data.length).toBeLessThanOrEqual(HISTORY_PAGE_SIZE)
      seen.push(...body.data.map((transaction) => transaction.metadata.hash))
      for (const transaction of body.data) {
        expect(transaction.metadata.operationType).toBe('receive')
        expect(transaction.transfers).toHaveLength(1)
      }
      cursor = body.next
      pages++
    } while (cursor && pages < 10)
    expect(pages).toBe(3)
    expect(seen).toEqual([...pagingHashes].reverse())
  })

  it('answers an empty on-ramp page for an account that bought nothing', async () => {
    const response = await history(user.account.address, '&onramp=coinbase')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: [], next: null })
  })

  it.each([
    ['a malformed address', '0x1234', '', /params\.address: Expected an account address/],
    ['a CAIP-2 id that is none', user.account.address, '&chainId=eip155', /querystring\.chainId/],
    [
      'an unsupported chain',
      user.account.address,
      '&chainId=eip155:1',
      /Unsupported chain eip155:1/,
    ],
    ['a cursor of bad characters', user.account.address, '&cursor=abc%24', /cursor is not one/],
    ['a made-up cursor', user.account.address, '&cursor=bm90LWEtY3Vyc29y', /cursor is not one/],
    ['a bad on-ramp name', user.account.address, '&onramp=Coin%20base', /onramp is a provider/],
  ])('refuses %s with 400 and a message', async (_case, address, query, message) => {
    const response = await history(address, query)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(message)
  })

  it('refuses a cursor whose position was edited, and one of a chain it does not index', async () => {
    const genuine = encodeHistoryCursor({
      blockTime: 1_800_000_000,
      blockNumber: 10,
      txIndex: 0,
      chainId: chain.chainId,
    })
    const decoded = Buffer.from(genuine, 'base64url').toString()
    const edited = Buffer.from(decoded.replace('.10.', '.11.')).toString('base64url')
    const foreign = encodeHistoryCursor({
      blockTime: 1_800_000_000,
      blockNumber: 10,
      txIndex: 0,
      chainId: 1,
    })
    expect((await history(user.account.address, `&cursor=${genuine}`)).statusCode).toBe(200)
    for (const cursor of [edited, foreign, genuine.slice(0, -2)]) {
      const response = await history(user.account.address, `&cursor=${cursor}`)
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(
        'querystring.cursor: cursor is not one this server gave out',
      )
    }
  })

  it('refuses an unknown project with 401', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/v1/account/${user.account.address}/history?projectId=nobody`,
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().message).toMatch(/Invalid Project ID/)
  })

  it('is documented in the OpenAPI document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json()
    const operation = document.paths['/v1/account/{address}/history']?.get
    expect(operation?.tags).toEqual(['blockchain'])
    expect(operation?.summary).toMatch(/history/)
  })
})
