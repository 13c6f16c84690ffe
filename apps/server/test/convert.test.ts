import {
  type BuildApproveResponse,
  buildApproveResponse,
  buildTransactionResponse,
  convertAllowanceResponse,
  convertQuotesResponse,
  convertTokensResponse,
  NATIVE_TOKEN_ADDRESS,
  parseCaipAddress,
  type SwapQuote,
} from '@latch/protocol'
import type { FastifyInstance } from 'fastify'
import {
  type Abi,
  type Account,
  type Address,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildServer } from '../src/app.ts'
import { type ChainConfig, chainsOfDevnet } from '../src/config.ts'
import { chainTools } from './accountFixtures.ts'
import { devnetRpc } from './devnetTx.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'

const devnet = inject('devnet')
const chain = devnet.chains[0] as (typeof devnet.chains)[number]
const CHAIN = `eip155:${chain.chainId}`
const PROJECT = 'projectId=latch-dev&st=latch&sv=0.1.0'
const UNSUPPORTED = 'Network not supported for Swaps'
const tools = chainTools(chain)
const client = tools.publicClient
const router = chain.contracts.uniswapV2Router02
const weth = chain.contracts.weth9
// Only this file spends from account 5; swappers are fresh accounts it funds.
const bank = privateKeyToAccount(devnet.accounts[5]?.privateKey as Hex)
const freshAccount = () => privateKeyToAccount(generatePrivateKey())

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])

/** A symbol's CAIP-10 id on the test chain; ETH is the native coin. */
const id = (symbol: string) =>
  symbol === 'ETH'
    ? `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`
    : `${CHAIN}:${tools.tokenOf(symbol).address}`
const addressOf = (symbol: string): Address =>
  symbol === 'ETH' ? weth : tools.tokenOf(symbol).address
const decimalsOf = (symbol: string) => (symbol === 'ETH' ? 18 : tools.tokenOf(symbol).decimals)
const userId = (account: { address: Address }) => `${CHAIN}:${account.address}`

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * `count` amounts of a token, log-uniform between 10^-2 and 10 whole units, to the smallest unit:
 * from a cent's worth of USDC (a few WBTC satoshis) to more than a pool moves lightly.
 */
function randomAmounts(symbol: string, count: number, next: () => number): bigint[] {
  const decimals = decimalsOf(symbol)
  return Array.from({ length: count }, () => {
    const wholeUnits = 10 ** (next() * 3 - 2)
    // Nine significant digits, then scaled to the token's decimals (WBTC has 8, USDC 6).
    const scaled = BigInt(Math.round(wholeUnits * 1e9)) * 10n ** BigInt(decimals)
    return scaled / 10n ** 9n || 1n
  })
}

/** The route and block a quote id names: `uniswap-v2:<chain>:<a>><b>[><c>]@<block>`. */
function routeOf(quote: SwapQuote): { path: Address[]; blockNumber: bigint } {
  const match = /^uniswap-v2:(\d+):(0x[0-9a-f]{40}(?:>0x[0-9a-f]{40})+)@(\d+)$/.exec(quote.id)
  if (!match) throw new Error(`quote id ${quote.id} names no route`)
  expect(Number(match[1])).toBe(chain.chainId)
  return {
    path: (match[2] as string).split('>') as Address[],
    blockNumber: BigInt(match[3] as string),
  }
}

/** Router02's getAmountsOut for every way from `from` to `to`, at one block (undefined: reverts). */
async function routerAmountsOut(from: string, to: string, amount: bigint, blockNumber: bigint) {
  const [a, b] = [addressOf(from), addressOf(to)]
  const paths = [[a, b]]
  for (const hub of [weth, addressOf('USDC')]) if (hub !== a && hub !== b) paths.push([a, hub, b])
  const results = await client.multicall({
    contracts: paths.map((path) => ({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut' as const,
      args: [amount, path] as const,
    })),
    blockNumber,
    multicallAddress: chain.contracts.multicall3,
  })
  return paths.map((path, index) => {
    const result = results[index]
    return {
      path: path.map((address) => address.toLowerCase()),
      amountOut: result?.status === 'success' ? result.result.at(-1) : undefined,
    }
  })
}

/** Signs and sends a legacy transaction from `account`; resolves with the receipt. */
async function sendSigned(
  account: Account,
  tx: { to: Address; data: Hex; value: bigint; gas: string; gasPrice: string },
) {
  if (!account.signTransaction) throw new Error('the account cannot sign')
  const signed = await account.signTransaction({
    chainId: chain.chainId,
    type: 'legacy',
    to: tx.to,
    data: tx.data,
    value: tx.value,
    gas: BigInt(tx.gas),
    gasPrice: BigInt(tx.gasPrice),
    nonce: await client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
  })
  const hash = await client.sendRawTransaction({ serializedTransaction: signed })
  return client.waitForTransactionReceipt({ hash })
}

/** Sends a built swap as a wallet would: from the account its `from` names, to its `to`. */
async function sendBuilt(
  account: Account,
  tx: { from: string; to: string; data: Hex; value: string; gas: string; gasPrice: string },
) {
  expect(parseCaipAddress(tx.from).address.toLowerCase()).toBe(account.address.toLowerCase())
  return sendSigned(account, {
    ...tx,
    to: parseCaipAddress(tx.to).address as Address,
    value: BigInt(tx.value),
  })
}

/**
 * Sends a built approval as clients do: to the token contract its `tx.from` names (this API's
 * meaning of that field), signed by the connected account.
 */
async function sendApproval(account: Account, tx: BuildApproveResponse['tx']) {
  return sendSigned(account, {
    to: parseCaipAddress(tx.from).address as Address,
    data: tx.data,
    value: BigInt(tx.value),
    ...tx.eip155,
  })
}

const balanceOf = (symbol: string, owner: Address) =>
  symbol === 'ETH'
    ? client.getBalance({ address: owner })
    : client.readContract({
        address: addressOf(symbol),
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      })

/** Sends a contract call from `account` (a fresh one, or the bank: no one else's nonces). */
async function write(
  account: Account,
  call: { address: Address; abi: Abi; functionName: string; args: unknown[]; value?: bigint },
) {
  const wallet = createWalletClient({
    account,
    chain: client.chain,
    transport: http(chain.rpcUrl),
  })
  const hash = await wallet.writeContract(call as Parameters<typeof wallet.writeContract>[0])
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted`)
}

/** A token that has EIP-2612 permit and a pool: the WETH/USDC pool's own LP token, paired with WETH. */
let lpToken: Address
beforeAll(async () => {
  const provider = freshAccount()
  await tools.sendEther(bank, provider.address, '3')
  await tools.sendToken(bank, 'USDC', provider.address, '3000')
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
  const approve = (token: Address) =>
    write(provider, {
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, maxUint256],
    })
  await approve(addressOf('USDC'))
  // Added at the pool's own ratio (the router takes what matches): WETH/USDC's price holds.
  await write(provider, {
    address: router,
    abi: routerAbi,
    functionName: 'addLiquidityETH',
    args: [addressOf('USDC'), parseUnits('3000', 6), 0n, 0n, provider.address, deadline],
    value: parseEther('1'),
  })
  lpToken = await client.readContract({
    address: chain.contracts.uniswapV2Factory,
    abi: factoryAbi,
    functionName: 'getPair',
    args: [weth, addressOf('USDC')],
  })
  const lpBalance = await client.readContract({
    address: lpToken,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [provider.address],
  })
  await approve(lpToken)
  await write(provider, {
    address: router,
    abi: routerAbi,
    functionName: 'addLiquidityETH',
    args: [lpToken, lpBalance, 0n, 0n, provider.address, deadline],
    value: parseEther('1'),
  })
})

/**
 * The amountOutMin a build at some block from `fromBlock` on would give: Router02's getAmountsOut
 * along `path` at that block, less `slippagePpm` parts per million.
 */
async function minimumsSince(
  fromBlock: bigint,
  amount: bigint,
  path: Address[],
  slippagePpm: bigint,
) {
  const latest = await client.getBlockNumber()
  const minimums: bigint[] = []
  for (let block = fromBlock; block <= latest; block++) {
    const amounts = await client.readContract({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, path],
      blockNumber: block,
    })
    minimums.push(((amounts.at(-1) as bigint) * (1_000_000n - slippagePpm)) / 1_000_000n)
  }
  return minimums
}

/**
 * The devnet's chains as a second server sees them: on the test chain, SPAM is not marked spam
 * (but has no pool) and the LP token is listed too; the other chain has no Uniswap V2 (a
 * configured chain the server cannot swap on).
 */
function otherChains(): ChainConfig[] {
  const lpConfig = {
    address: lpToken,
    symbol: 'UNI-V2',
    name: 'Uniswap V2',
    decimals: 18,
    spam: false,
  }
  return chainsOfDevnet(devnet).map((entry) =>
    entry.chainId === chain.chainId
      ? {
          ...entry,
          tokens: [...entry.tokens.map((token) => ({ ...token, spam: false })), lpConfig],
        }
      : { ...entry, uniswapV2: undefined },
  )
}
const OTHER_CHAIN = `eip155:${devnet.chains[1]?.chainId}`

describe.each(DIALECTS)('swaps, /v1/convert/* (%s)', (dialect) => {
  let server: TestServer
  /** A second app on the same database, with `otherChains()`. */
  let other: FastifyInstance
  beforeAll(async () => {
    server = await startTestServer(dialect)
    other = await buildServer({
      config: { ...server.config, chains: otherChains() },
      db: server.db,
    })
    await other.ready()
  })
  afterAll(async () => {
    await other?.close()
    await server?.close()
  })

  const get = (path: string, query: Record<string, string>) =>
    server.app.inject({
      method: 'GET',
      url: `${path}?${new URLSearchParams(query)}&${PROJECT}`,
    })
  const quote = (from: string, to: string, amount: bigint | string, user: string = userId(bank)) =>
    get('/v1/convert/quotes', {
      from: id(from),
      to: id(to),
      amount: String(amount),
      userAddress: user,
    })
  const buildTransaction = (body: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: '/v1/convert/build-transaction',
      payload: { projectId: 'latch-dev', eip155: { slippage: 1 }, ...body },
    })

  describe('GET /v1/convert/tokens', () => {
    it('lists the native coin first, then the configured tokens with a pool, without spam', async () => {
      const response = await get('/v1/convert/tokens', { chainId: CHAIN })
      expect(response.statusCode).toBe(200)
      const { tokens } = convertTokensResponse.parse(response.json())
      expect(tokens.map((token) => token.symbol)).toEqual(['ETH', 'WETH', 'USDC', 'DAI', 'WBTC'])
      expect(tokens[0]).toMatchObject({ name: 'Ether', address: id('ETH'), decimals: 18 })
      expect(tokens[0]).not.toHaveProperty('eip2612')
      for (const token of tokens.slice(1)) {
        expect(token).toMatchObject({
          address: id(token.symbol),
          decimals: decimalsOf(token.symbol),
          name: tools.tokenOf(token.symbol).name,
          // The devnet's tokens and WETH9 have no permit.
          eip2612: false,
        })
      }
      for (const token of tokens) {
        const url = new URL(token.logoUri)
        expect(url.pathname).toBe(`/public/getTokenImage/${token.symbol}`)
        const image = await server.app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}`,
        })
        expect(image.statusCode, token.logoUri).toBe(200)
      }
    })

    it('lists only tokens with a pool, and says eip2612 for one with permit', async () => {
      const response = await other.inject({
        method: 'GET',
        url: `/v1/convert/tokens?chainId=${CHAIN}&${PROJECT}`,
      })
      const { tokens } = convertTokensResponse.parse(response.json())
      // SPAM, configured but without a pool, is left out; the LP token has permit.
      expect(tokens.map((token) => [token.symbol, token.eip2612])).toEqual([
        ['ETH', undefined],
        ['WETH', false],
        ['USDC', false],
        ['DAI', false],
        ['WBTC', false],
        ['UNI-V2', true],
      ])
      const spam = await other.inject({
        method: 'GET',
        url: `/v1/convert/quotes?${new URLSearchParams({
          from: id('SPAM'),
          to: id('ETH'),
          amount: '1000',
          userAddress: userId(bank),
        })}&${PROJECT}`,
      })
      expect(spam.statusCode).toBe(400)
      expect(spam.json().message).toBe('No liquidity for this pair')
      // And it swaps: through its only pool, with WETH.
      const answer = await other.inject({
        method: 'GET',
        url: `/v1/convert/quotes?${new URLSearchParams({
          from: `${CHAIN}:${lpToken}`,
          to: id('DAI'),
          amount: '1000000',
          userAddress: userId(bank),
        })}&${PROJECT}`,
      })
      expect(answer.statusCode, answer.body).toBe(200)
      const [lpQuote] = convertQuotesResponse.parse(answer.json()).quotes
      expect(routeOf(lpQuote as SwapQuote).path).toEqual(
        [lpToken, weth, addressOf('DAI')].map((address) => address.toLowerCase()),
      )
    })
  })

  describe('GET /v1/convert/quotes', () => {
    // Every kind of route: direct pools, through WETH or USDC (no DAI/WBTC or USDC/WBTC pool),
    // the native coin in and out (through WETH), and WETH itself.
    const ROUTES = [
      ['ETH', 'USDC'],
      ['USDC', 'ETH'],
      ['USDC', 'DAI'],
      ['DAI', 'USDC'],
      ['DAI', 'WBTC'],
      ['WBTC', 'DAI'],
      ['WBTC', 'ETH'],
      ['ETH', 'WBTC'],
      ['USDC', 'WBTC'],
      ['WETH', 'DAI'],
      ['DAI', 'ETH'],
    ] as const

    it.each(ROUTES)(
      '%s -> %s: 20 random amounts each quote what Router02 getAmountsOut gives, on the best path',
      async (from, to) => {
        const amounts = randomAmounts(from, 20, random(from.length * 31 + to.length))
        await Promise.all(
          amounts.map(async (amount) => {
            const response = await quote(from, to, amount)
            expect(response.statusCode, `${amount}: ${response.body}`).toBe(200)
            const { quotes } = convertQuotesResponse.parse(response.json())
            expect(quotes).toHaveLength(1)
            const best = quotes[0] as SwapQuote
            expect(best).toMatchObject({
              fromAmount: amount.toString(),
              fromAccount: id(from),
              toAccount: id(to),
            })
            const { path, blockNumber } = routeOf(best)
            expect(path[0]).toBe(addressOf(from).toLowerCase())
            expect(path.at(-1)).toBe(addressOf(to).toLowerCase())
            // On chain, at the block the server read: the quote's path gives exactly toAmount,
            // and no other path gives more.
            const onChain = await routerAmountsOut(from, to, amount, blockNumber)
            const named = onChain.find((entry) => entry.path.join('>') === path.join('>'))
            expect(named?.amountOut, `${from}->${to} ${amount} via ${path}`).toBe(
              BigInt(best.toAmount),
            )
            const most = onChain.reduce(
              (max, entry) =>
                entry.amountOut !== undefined && entry.amountOut > max ? entry.amountOut : max,
              0n,
            )
            expect(BigInt(best.toAmount)).toBe(most)
            expect(BigInt(best.toAmount)).toBeGreaterThan(0n)
          }),
        )
      },
    )

    it('routes DAI to WBTC through a hub, as neither has a pool with the other', async () => {
      const response = await quote('DAI', 'WBTC', parseUnits('100', 18))
      const { path } = routeOf(convertQuotesResponse.parse(response.json()).quotes[0] as SwapQuote)
      expect(path).toHaveLength(3)
      expect([weth.toLowerCase(), addressOf('USDC').toLowerCase()]).toContain(path[1])
    })

    it('refuses an amount whose swap would give nothing, or overflow, as the router would', async () => {
      const tiny = await quote('ETH', 'USDC', 1n)
      expect(tiny.statusCode).toBe(400)
      expect(tiny.json().message).toBe('Amount too small: this swap would give nothing')
      const huge = 2n ** 250n
      const overflow = await quote('ETH', 'USDC', huge)
      expect(overflow.statusCode).toBe(400)
      expect(overflow.json().message).toBe('Amount too large for the pools of this pair')
      const block = await client.getBlockNumber()
      for (const entry of await routerAmountsOut('ETH', 'USDC', 1n, block))
        expect(entry.amountOut ?? 0n).toBe(0n)
      // getAmountsOut reverts (ds-math-mul-overflow) on every path.
      for (const entry of await routerAmountsOut('ETH', 'USDC', huge, block))
        expect(entry.amountOut).toBeUndefined()
    })
  })

  describe('POST /v1/convert/build-transaction', () => {
    it('builds a swap of ETH for USDC that, signed and sent, gives at least the quote less slippage', async () => {
      const swapper = freshAccount()
      await tools.sendEther(bank, swapper.address, '0.1')
      const amount = parseEther('0.01')
      const quoted = convertQuotesResponse.parse(
        (await quote('ETH', 'USDC', amount, userId(swapper))).json(),
      ).quotes[0] as SwapQuote
      const blockBefore = await client.getBlockNumber()
      const response = await buildTransaction({
        amount: amount.toString(),
        eip155: { slippage: 0.5 },
        from: id('ETH'),
        to: id('USDC'),
        userAddress: userId(swapper),
      })
      expect(response.statusCode, response.body).toBe(200)
      const { tx } = buildTransactionResponse.parse(response.json())
      expect(tx).toMatchObject({
        from: userId(swapper),
        to: `${CHAIN}:${router}`,
        amount: amount.toString(),
      })
      expect(BigInt(tx.eip155.gas)).toBeGreaterThan(21_000n)
      expect(BigInt(tx.eip155.gasPrice)).toBeGreaterThan(0n)
      const call = decodeFunctionData({ abi: routerAbi, data: tx.data })
      expect(call.functionName).toBe('swapExactETHForTokens')
      const [amountOutMin, path, recipient, deadline] = call.args as [
        bigint,
        Address[],
        Address,
        bigint,
      ]
      expect(path.map((address) => address.toLowerCase())).toEqual(routeOf(quoted).path)
      expect(recipient).toBe(swapper.address)
      const now = BigInt(Math.floor(Date.now() / 1000))
      expect(deadline - now).toBeGreaterThan(19n * 60n)
      expect(deadline - now).toBeLessThanOrEqual(21n * 60n)
      // Exactly 0.5% under what the router gave at the block the server read (others' swaps may
      // have moved the pool since the quote: any block since).
      expect(await minimumsSince(blockBefore, amount, path, 5_000n)).toContain(amountOutMin)

      const before = await balanceOf('USDC', swapper.address)
      const receipt = await sendBuilt(swapper, { ...tx, value: tx.amount, ...tx.eip155 })
      expect(receipt.status).toBe('success')
      const received = (await balanceOf('USDC', swapper.address)) - before
      expect(received).toBeGreaterThanOrEqual(amountOutMin)
      expect(received).toBeGreaterThanOrEqual((BigInt(quoted.toAmount) * 995n) / 1000n)
    })

    it('approves then swaps a token for a token and a token for ETH, from a fresh account, as built', async () => {
      const swapper = freshAccount()
      await tools.sendEther(bank, swapper.address, '0.1')
      await tools.sendToken(bank, 'USDC', swapper.address, '50')
      const amount = parseUnits('25', 6)
      const swap = {
        amount: amount.toString(),
        from: id('USDC'),
        to: id('DAI'),
        userAddress: userId(swapper),
      }
      const allowance = () =>
        get('/v1/convert/allowance', { tokenAddress: id('USDC'), userAddress: userId(swapper) })

      expect(convertAllowanceResponse.parse((await allowance()).json()).allowance).toBe('0')
      const early = await buildTransaction(swap)
      expect(early.statusCode).toBe(400)
      expect(early.json().message).toBe('Allowance too low: approve first')

      const approveResponse = await get('/v1/convert/build-approve', {
        userAddress: userId(swapper),
        from: id('USDC'),
        to: id('DAI'),
      })
      expect(approveResponse.statusCode, approveResponse.body).toBe(200)
      const approval = buildApproveResponse.parse(approveResponse.json()).tx
      expect(approval.value).toBe('0')
      // Both `from` (where clients send it) and `to` name the token contract.
      for (const field of [approval.from, approval.to])
        expect(parseCaipAddress(field).address.toLowerCase()).toBe(addressOf('USDC').toLowerCase())
      expect(decodeFunctionData({ abi: erc20Abi, data: approval.data })).toMatchObject({
        functionName: 'approve',
        args: [router, maxUint256],
      })
      expect((await sendApproval(swapper, approval)).status).toBe('success')
      expect(convertAllowanceResponse.parse((await allowance()).json()).allowance).toBe(
        maxUint256.toString(),
      )

      const quoted = convertQuotesResponse.parse(
        (await quote('USDC', 'DAI', amount, userId(swapper))).json(),
      ).quotes[0] as SwapQuote
      const built = await buildTransaction(swap)
      expect(built.statusCode, built.body).toBe(200)
      const { tx } = buildTransactionResponse.parse(built.json())
      expect(tx.amount).toBe('0')
      expect(decodeFunctionData({ abi: routerAbi, data: tx.data }).functionName).toBe(
        'swapExactTokensForTokens',
      )
      const daiBefore = await balanceOf('DAI', swapper.address)
      expect((await sendBuilt(swapper, { ...tx, value: tx.amount, ...tx.eip155 })).status).toBe(
        'success',
      )
      const dai = (await balanceOf('DAI', swapper.address)) - daiBefore
      expect(dai).toBeGreaterThanOrEqual((BigInt(quoted.toAmount) * 99n) / 100n)
      expect(await balanceOf('USDC', swapper.address)).toBe(parseUnits('25', 6))

      // DAI for ETH, approving exactly the amount this time.
      const daiApproval = await get('/v1/convert/build-approve', {
        userAddress: userId(swapper),
        from: id('DAI'),
        to: id('ETH'),
        amount: dai.toString(),
      })
      const approveDai = buildApproveResponse.parse(daiApproval.json()).tx
      expect((await sendApproval(swapper, approveDai)).status).toBe('success')
      const daiAllowance = await get('/v1/convert/allowance', {
        tokenAddress: id('DAI'),
        userAddress: userId(swapper),
      })
      expect(convertAllowanceResponse.parse(daiAllowance.json()).allowance).toBe(dai.toString())
      const toEth = await buildTransaction({
        amount: dai.toString(),
        from: id('DAI'),
        to: id('ETH'),
        userAddress: userId(swapper),
      })
      expect(toEth.statusCode, toEth.body).toBe(200)
      const ethTx = buildTransactionResponse.parse(toEth.json()).tx
      expect(decodeFunctionData({ abi: routerAbi, data: ethTx.data }).functionName).toBe(
        'swapExactTokensForETH',
      )
      const receipt = await sendBuilt(swapper, { ...ethTx, value: ethTx.amount, ...ethTx.eip155 })
      expect(receipt.status).toBe('success')
      expect(await balanceOf('DAI', swapper.address)).toBe(0n)
    })

    it('skips the estimate (and the allowance check) with disableEstimate, giving a gas bound', async () => {
      const swapper = freshAccount()
      await tools.sendToken(bank, 'WBTC', swapper.address, '0.01')
      const response = await buildTransaction({
        amount: parseUnits('0.01', 8).toString(),
        from: id('WBTC'),
        to: id('DAI'),
        userAddress: userId(swapper),
        disableEstimate: true,
      })
      expect(response.statusCode, response.body).toBe(200)
      const { tx } = buildTransactionResponse.parse(response.json())
      expect(tx.eip155.gas).toBe('300000')
    })

    it('refuses more than the account holds, in the native coin or a token', async () => {
      const poor = freshAccount()
      await tools.sendEther(bank, poor.address, '0.01')
      for (const [symbol, amount] of [
        ['ETH', parseEther('0.02')],
        ['USDC', 1n],
      ] as const) {
        const response = await buildTransaction({
          amount: amount.toString(),
          from: id(symbol),
          to: id('DAI'),
          userAddress: userId(poor),
        })
        expect(response.statusCode).toBe(400)
        expect(response.json().message).toMatch(
          new RegExp(`^Insufficient balance: [\\d.]+ ${symbol} held, [\\d.]+ asked to swap$`),
        )
      }
      // All of it: nothing would be left to pay for gas.
      const all = await buildTransaction({
        amount: parseEther('0.01').toString(),
        from: id('ETH'),
        to: id('DAI'),
        userAddress: userId(poor),
      })
      expect(all.statusCode).toBe(400)
      expect(all.json().message).toMatch(
        /^Insufficient balance: 0\.01 ETH held, 0\.01 to swap and up to [\d.]+ for gas needed$/,
      )
    })

    it('refuses to build an approval for an account without ether for gas', async () => {
      const holder = freshAccount()
      await tools.sendToken(bank, 'USDC', holder.address, '10')
      const approval = await get('/v1/convert/build-approve', {
        userAddress: userId(holder),
        from: id('USDC'),
        to: id('DAI'),
      })
      expect(approval.statusCode).toBe(400)
      expect(approval.json().message).toMatch(
        /^Insufficient balance: 0 ETH held, up to [\d.]+ for gas needed$/,
      )
    })
  })

  describe('a swap the node refuses to estimate', () => {
    it('is a 400 with the reason, here a recipient that refuses ether', async () => {
      // An account whose code reverts on any call: paying it ether fails (ETH_TRANSFER_FAILED).
      const refuser = freshAccount().address
      await devnetRpc(chain.rpcUrl, 'anvil_setCode', [refuser, '0x60006000fd'])
      await devnetRpc(chain.rpcUrl, 'anvil_setBalance', [refuser, '0x16345785d8a0000'])
      await tools.sendToken(bank, 'DAI', refuser, '10')
      await devnetRpc(chain.rpcUrl, 'anvil_impersonateAccount', [refuser])
      try {
        const hash = await devnetRpc<Hex>(chain.rpcUrl, 'eth_sendTransaction', [
          {
            from: refuser,
            to: addressOf('DAI'),
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'approve',
              args: [router, maxUint256],
            }),
          },
        ])
        expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
      } finally {
        await devnetRpc(chain.rpcUrl, 'anvil_stopImpersonatingAccount', [refuser])
      }
      const response = await buildTransaction({
        amount: parseUnits('10', 18).toString(),
        from: id('DAI'),
        to: id('ETH'),
        userAddress: `${CHAIN}:${refuser}`,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toMatch(/^The swap would fail: .*ETH_TRANSFER_FAILED/)
    })
  })

  describe('bad input', () => {
    const swapQuery = {
      from: id('ETH'),
      to: id('USDC'),
      amount: '1000000000000000',
      userAddress: userId(bank),
    }

    it.each([
      ['zero amount', { amount: '0' }, /amount must be greater than zero/],
      ['negative amount', { amount: '-5' }, /amount must be a positive integer/],
      ['non-numeric amount', { amount: 'lots' }, /amount must be a positive integer/],
      ['decimal amount', { amount: '1.5' }, /amount must be a positive integer/],
      ['amount of 2^256', { amount: (2n ** 256n).toString() }, /amount must be below 2\^256/],
      [
        'unknown token',
        { to: `${CHAIN}:0x000000000000000000000000000000000000dEaD` },
        /^Token not supported for Swaps: /,
      ],
      ['spam token', { to: id('SPAM') }, /^Token not supported for Swaps: /],
      ['same from and to', { to: id('ETH') }, /^from and to are the same token$/],
      ['the native coin and WETH', { to: id('WETH') }, /same asset: wrap or unwrap/],
      ['malformed token address', { from: `${CHAIN}:0x1234` }, /Expected an address: 0x followed/],
      [
        'every address plain: no chain named',
        {
          userAddress: bank.address,
          from: NATIVE_TOKEN_ADDRESS,
          to: tools.tokenOf('USDC').address,
        },
        /userAddress is a plain address and nothing else in the call names its chain/,
      ],
      [
        "a chainId other than the tokens'",
        { userAddress: bank.address, chainId: OTHER_CHAIN },
        /from is on eip155:\d+, chainId is eip155:\d+/,
      ],
      [
        'tokens on two networks',
        { to: `eip155:31338:${tools.tokenOf('USDC').address}` },
        /same network/,
      ],
      ['negative gasPrice', { gasPrice: '-1' }, /non-negative integer/],
    ])('GET quotes: %s -> 400', async (_, change, message) => {
      const response = await get('/v1/convert/quotes', { ...swapQuery, ...change })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toMatch(message)
    })

    it.each([
      ['slippage 0', { eip155: { slippage: 0 } }, /slippage must be greater than 0/],
      ['negative slippage', { eip155: { slippage: -1 } }, /slippage must be greater than 0/],
      ['slippage over 50', { eip155: { slippage: 51 } }, /slippage must be at most 50/],
      ['slippage as text', { eip155: { slippage: 'one' } }, /slippage must be a number/],
      ['no eip155', { eip155: undefined }, /eip155 is required/],
      ['zero amount', { amount: '0' }, /amount must be greater than zero/],
      ['negative amount', { amount: '-1' }, /amount must be a positive integer/],
      ['amount as a number', { amount: 1000 }, /amount/],
      ['same from and to', { to: id('ETH') }, /^from and to are the same token$/],
      [
        'disableEstimate not boolean',
        { disableEstimate: 'yes' },
        /disableEstimate must be true or false/,
      ],
    ])('POST build-transaction: %s -> 400', async (_, change, message) => {
      const response = await buildTransaction({ ...swapQuery, ...change })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toMatch(message)
    })

    it('refuses a mixed-case address whose case is not its checksum with a 400 naming the field', async () => {
      // The bank's address with its first small letter made a capital: one slip of Shift.
      const typo = bank.address.replace(/[a-f]/, (letter) => letter.toUpperCase())
      const token = tools.tokenOf('USDC').address
      const tokenTypo = token.replace(/[a-f]/, (letter) => letter.toUpperCase())
      const refused = [
        [
          'querystring.userAddress',
          await get('/v1/convert/allowance', { tokenAddress: id('USDC'), userAddress: typo }),
        ],
        [
          'querystring.userAddress',
          await get('/v1/convert/allowance', {
            tokenAddress: id('USDC'),
            userAddress: `${CHAIN}:${typo}`,
          }),
        ],
        [
          'querystring.tokenAddress',
          await get('/v1/convert/allowance', {
            tokenAddress: `${CHAIN}:${tokenTypo}`,
            userAddress: userId(bank),
          }),
        ],
        [
          'body.userAddress',
          await buildTransaction({ ...swapQuery, userAddress: `${CHAIN}:${typo}` }),
        ],
        ['body.userAddress', await buildTransaction({ ...swapQuery, userAddress: typo })],
        ['body.to', await buildTransaction({ ...swapQuery, to: `${CHAIN}:${tokenTypo}` })],
        [
          'querystring.userAddress',
          await get('/v1/convert/quotes', { ...swapQuery, userAddress: `${CHAIN}:${typo}` }),
        ],
        [
          'querystring.from',
          await get('/v1/convert/build-approve', {
            userAddress: userId(bank),
            from: `${CHAIN}:${tokenTypo}`,
            to: id('ETH'),
          }),
        ],
      ] as const
      for (const [field, response] of refused) {
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json().message).toMatch(new RegExp(`^${field}: .*EIP-55 checksum`))
      }
      // The same addresses in one case are taken.
      const lower = await get('/v1/convert/allowance', {
        tokenAddress: `${CHAIN}:${token.toLowerCase()}`,
        userAddress: `${CHAIN}:${bank.address.toLowerCase()}`,
      })
      expect(lower.statusCode, lower.body).toBe(200)
    })

    it('refuses approving the native coin and reading allowances across networks', async () => {
      const native = await get('/v1/convert/build-approve', {
        userAddress: userId(bank),
        from: id('ETH'),
        to: id('USDC'),
      })
      expect(native.statusCode).toBe(400)
      expect(native.json().message).toBe('ETH is the native coin: it needs no approval')
      const zero = await get('/v1/convert/build-approve', {
        userAddress: userId(bank),
        from: id('USDC'),
        to: id('DAI'),
        amount: '0',
      })
      expect(zero.statusCode).toBe(400)
      const across = await get('/v1/convert/allowance', {
        tokenAddress: id('USDC'),
        userAddress: `eip155:31338:${bank.address}`,
      })
      expect(across.statusCode).toBe(400)
      expect(across.json().message).toMatch(/same network/)
      // The native coin needs no approval: the most there is.
      const nativeAllowance = await get('/v1/convert/allowance', {
        tokenAddress: id('ETH'),
        userAddress: userId(bank),
      })
      expect(convertAllowanceResponse.parse(nativeAllowance.json()).allowance).toBe(
        maxUint256.toString(),
      )
    })

    it(`answers "${UNSUPPORTED}" on a network the server does not swap on, on every route`, async () => {
      const mainnet = (address: string) => `eip155:1:${address}`
      const token = mainnet('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
      const native = mainnet(NATIVE_TOKEN_ADDRESS)
      const user = mainnet(bank.address)
      const solana =
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
      const answers = await Promise.all([
        get('/v1/convert/tokens', { chainId: 'eip155:1' }),
        get('/v1/convert/tokens', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }),
        get('/v1/convert/quotes', { from: native, to: token, amount: '1', userAddress: user }),
        get('/v1/convert/quotes', { from: solana, to: solana, amount: '1', userAddress: solana }),
        get('/v1/convert/allowance', { tokenAddress: token, userAddress: user }),
        get('/v1/convert/build-approve', { from: token, to: native, userAddress: user }),
        buildTransaction({ amount: '1', from: native, to: token, userAddress: user }),
      ])
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(400)
        expect(answer.json().message).toBe(UNSUPPORTED)
      }
    })

    it(`answers "${UNSUPPORTED}" on a configured chain without Uniswap V2`, async () => {
      const token = `${OTHER_CHAIN}:${tools.tokenOf('USDC').address}`
      const user = `${OTHER_CHAIN}:${bank.address}`
      const answers = await Promise.all([
        other.inject({
          method: 'GET',
          url: `/v1/convert/tokens?chainId=${OTHER_CHAIN}&${PROJECT}`,
        }),
        other.inject({
          method: 'GET',
          url: `/v1/convert/quotes?${new URLSearchParams({
            from: `${OTHER_CHAIN}:${NATIVE_TOKEN_ADDRESS}`,
            to: token,
            amount: '1000',
            userAddress: user,
          })}&${PROJECT}`,
        }),
        other.inject({
          method: 'GET',
          url: `/v1/convert/allowance?tokenAddress=${token}&userAddress=${user}&${PROJECT}`,
        }),
      ])
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(400)
        expect(answer.json().message).toBe(UNSUPPORTED)
      }
    })

    it('answers an unknown project with 401, in the query or the body', async () => {
      const byQuery = await server.app.inject({
        method: 'GET',
        url: `/v1/convert/tokens?chainId=${CHAIN}&projectId=no-such-project`,
      })
      expect(byQuery.statusCode).toBe(401)
      const byBody = await server.app.inject({
        method: 'POST',
        url: '/v1/convert/build-transaction',
        payload: { ...swapQuery, eip155: { slippage: 1 }, projectId: 'no-such-project' },
      })
      expect(byBody.statusCode).toBe(401)
      expect(byBody.json().message).toMatch(/^Invalid Project ID/)
    })
  })
})
