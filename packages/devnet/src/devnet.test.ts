import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { DevnetChain } from '@latch/protocol'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  hexToBigInt,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BUNDLER_EXECUTOR_ADDRESS,
  BUNDLER_UTILITY_ADDRESS,
  type Devnet,
  readManifest,
  startDevnet,
} from './index.ts'

const routerAbi = parseAbi([
  'function WETH() view returns (address)',
  'function factory() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
const accountFactoryAbi = parseAbi([
  'function getAddress(address owner, uint256 salt) view returns (address)',
  'function senderCreator() view returns (address)',
])
const entryPointAbi = parseAbi(['function senderCreator() view returns (address)'])
const latchAccountFactoryAbi = parseAbi(['function accountImplementation() view returns (address)'])
/** The whole Multicall3 interface, as the canonical deployment publishes it. */
const multicall3Abi = parseAbi([
  'struct Call { address target; bytes callData; }',
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate(Call[] calls) payable returns (uint256 blockNumber, bytes[] returnData)',
  'function tryAggregate(bool requireSuccess, Call[] calls) payable returns (Result[] returnData)',
  'function tryBlockAndAggregate(bool requireSuccess, Call[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, Result[] returnData)',
  'function blockAndAggregate(Call[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, Result[] returnData)',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function aggregate3Value(Call3Value[] calls) payable returns (Result[] returnData)',
  'function getBasefee() view returns (uint256 basefee)',
  'function getBlockHash(uint256 blockNumber) view returns (bytes32 blockHash)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getChainId() view returns (uint256 chainid)',
  'function getCurrentBlockCoinbase() view returns (address coinbase)',
  'function getCurrentBlockDifficulty() view returns (uint256 difficulty)',
  'function getCurrentBlockGasLimit() view returns (uint256 gaslimit)',
  'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function getLastBlockHash() view returns (bytes32 blockHash)',
])

/** What each of the ten accounts holds, in whole tokens. */
const expectedBalances: Record<string, string> = {
  WETH: '10',
  USDC: '100000',
  DAI: '100000',
  WBTC: '10',
  SPAM: '1000',
}
const expectedTokens = [
  { symbol: 'WETH', decimals: 18, spam: false },
  { symbol: 'USDC', name: 'USD Coin', decimals: 6, spam: false },
  { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, spam: false },
  { symbol: 'WBTC', name: 'Wrapped BTC', decimals: 8, spam: false },
  { symbol: 'SPAM', decimals: 18, spam: true },
]

const scratch = mkdtempSync(join(tmpdir(), 'latch-devnet-test-'))
let devnet: Devnet

beforeAll(async () => {
  devnet = await startDevnet({
    ports: [0, 0],
    relayPort: 0,
    manifestPath: join(scratch, 'devnet.json'),
  })
})

afterAll(async () => {
  await devnet?.stop()
  rmSync(scratch, { recursive: true, force: true })
})

const clientFor = (chain: DevnetChain) => createPublicClient({ transport: http(chain.rpcUrl) })
const chainAt = (index: number): DevnetChain => {
  const chain = devnet.manifest.chains[index]
  if (!chain) throw new Error(`no chain ${index}`)
  return chain
}
const tokenOf = (chain: DevnetChain, symbol: string): Address => {
  const token = chain.tokens.find((candidate) => candidate.symbol === symbol)
  if (!token) throw new Error(`no token ${symbol}`)
  return token.address
}
/** True while `pid` runs. A zombie (exited, not yet reaped by init) counts as gone. */
const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  if (process.platform !== 'linux') return true
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}
/** One JSON-RPC call to `url` (alto takes no batches); its result, or throws its error. */
async function bundlerCall(url: string, method: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })
  const answer = (await response.json()) as { result?: unknown; error?: unknown }
  if (answer.error) throw new Error(JSON.stringify(answer.error))
  return answer.result
}

/** The IPv4 addresses something listens on `port` at (Linux: /proc/net/tcp, state 0A). */
function boundAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
    .map((fields) => {
      const hex = fields[1]?.split(':')[0] ?? ''
      // Little-endian bytes of the address.
      return [6, 4, 2, 0].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join('.')
    })
}

async function waitUntilDead(pids: number[], timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (pids.some(isAlive)) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return true
}

describe('startDevnet', () => {
  it('runs chains 31337 and 31338 and writes a valid manifest', async () => {
    const { chains } = devnet.manifest
    expect(chains.map((chain) => [chain.chainId, chain.name])).toEqual([
      [31337, 'Latch Devnet'],
      [31338, 'Latch Devnet 2'],
    ])
    for (const chain of chains) {
      expect(await clientFor(chain).getChainId()).toBe(chain.chainId)
      expect(chain.nativeCurrency).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 })
    }
    expect(await readManifest(join(scratch, 'devnet.json'))).toEqual(devnet.manifest)

    const anvilAccounts = await createWalletClient({
      transport: http(chainAt(0).rpcUrl),
    }).getAddresses()
    expect(devnet.manifest.accounts.map((account) => account.address.toLowerCase())).toEqual(
      anvilAccounts.map((address) => address.toLowerCase()),
    )
    for (const account of devnet.manifest.accounts) {
      expect(privateKeyToAccount(account.privateKey as `0x${string}`).address).toBe(account.address)
    }
  })

  it('deploys every token with its metadata and funds the ten accounts', async () => {
    for (const chain of devnet.manifest.chains) {
      const client = clientFor(chain)
      expect(
        chain.tokens.map(({ symbol, decimals, spam }) => ({ symbol, decimals, spam })),
      ).toEqual(expectedTokens.map(({ symbol, decimals, spam }) => ({ symbol, decimals, spam })))
      for (const token of chain.tokens) {
        const [name, symbol, decimals] = await Promise.all([
          client.readContract({ address: token.address, abi: erc20Abi, functionName: 'name' }),
          client.readContract({ address: token.address, abi: erc20Abi, functionName: 'symbol' }),
          client.readContract({ address: token.address, abi: erc20Abi, functionName: 'decimals' }),
        ])
        const expected = expectedTokens.find((candidate) => candidate.symbol === token.symbol)
        expect({ name, symbol, decimals }).toEqual({
          name: expected?.name ?? token.name,
          symbol: token.symbol,
          decimals: token.decimals,
        })
        const balances = await Promise.all(
          devnet.manifest.accounts.map((account) =>
            client.readContract({
              address: token.address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [account.address],
            }),
          ),
        )
        const amount = parseUnits(expectedBalances[token.symbol] ?? '', token.decimals)
        expect(balances).toEqual(Array(10).fill(amount))
      }
      const ether = await client.getBalance({
        address: devnet.manifest.accounts[0]?.address ?? '0x',
      })
      expect(ether).toBe(parseEther('10000'))
    }
    const spam = chainAt(0).tokens.find((token) => token.spam)
    expect(spam?.name).toMatch(/claim/)
  })

  it('has EntryPoint v0.8 at its canonical address and a working SimpleAccountFactory', async () => {
    for (const chain of devnet.manifest.chains) {
      const client = clientFor(chain)
      const { entryPoint, simpleAccountFactory } = chain.contracts
      expect(entryPoint).toBe('0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108')
      expect((await client.getCode({ address: entryPoint }))?.length).toBeGreaterThan(1000)
      const owner = devnet.manifest.accounts[1]?.address ?? '0x'
      const counterfactual = await client.readContract({
        address: simpleAccountFactory,
        abi: accountFactoryAbi,
        functionName: 'getAddress',
        args: [owner, 0n],
      })
      expect(counterfactual).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(await client.getCode({ address: counterfactual })).toBeUndefined()
      // The factory was built against this EntryPoint.
      const [fromFactory, fromEntryPoint] = await Promise.all([
        client.readContract({
          address: simpleAccountFactory,
          abi: accountFactoryAbi,
          functionName: 'senderCreator',
        }),
        client.readContract({
          address: entryPoint,
          abi: entryPointAbi,
          functionName: 'senderCreator',
        }),
      ])
      expect(fromFactory).toBe(fromEntryPoint)
    }
  })

  it('runs an ERC-4337 bundler per chain on EntryPoint v0.8, on loopback only', async () => {
    for (const chain of devnet.manifest.chains) {
      const url = new URL(chain.bundlerUrl ?? '')
      expect(url.hostname).toBe('127.0.0.1')
      expect(await bundlerCall(url.href, 'eth_supportedEntryPoints')).toEqual([
        chain.contracts.entryPoint,
      ])
      expect(await bundlerCall(url.href, 'eth_chainId')).toBe(`0x${chain.chainId.toString(16)}`)
      // Alto itself binds every interface; the devnet keeps it to the host it was given.
      if (process.platform === 'linux')
        expect(boundAddresses(Number(url.port))).toEqual(['127.0.0.1'])
    }
    expect(new Set(devnet.manifest.chains.map((chain) => chain.bundlerUrl)).size).toBe(2)
  })

  it('funds the bundler from accounts of its own, none of the ten user accounts', async () => {
    const users = devnet.manifest.accounts.map((account) => account.address)
    for (const chain of devnet.manifest.chains) {
      const client = clientFor(chain)
      for (const address of [BUNDLER_EXECUTOR_ADDRESS, BUNDLER_UTILITY_ADDRESS]) {
        expect(users).not.toContain(address)
        expect(await client.getBalance({ address })).toBeGreaterThan(parseEther('100'))
      }
      // The user accounts have sent nothing: their nonces stay free for the tests and the demo.
      expect(await client.getTransactionCount({ address: users[0] ?? '0x' })).toBe(0)
    }
  })

  it('deploys LatchAccountFactory and its account implementation at the planned addresses', async () => {
    for (const chain of devnet.manifest.chains) {
      const client = clientFor(chain)
      const { latchAccountFactory, latchAccountImplementation } = chain.contracts
      expect(
        await client.readContract({
          address: latchAccountFactory,
          abi: latchAccountFactoryAbi,
          functionName: 'accountImplementation',
        }),
      ).toBe(latchAccountImplementation)
      expect(
        (await client.getCode({ address: latchAccountImplementation }))?.length,
      ).toBeGreaterThan(10_000)
    }
  })

  it('serves viem multicall through Multicall3 at the canonical address', async () => {
    for (const chain of devnet.manifest.chains) {
      const client = clientFor(chain)
      const multicallAddress = chain.contracts.multicall3
      expect(multicallAddress).toBe('0xcA11bde05977b3631167028862bE2a173976CA11')
      const holder = devnet.manifest.accounts[2]?.address ?? '0x'
      const symbols = ['USDC', 'DAI', 'WBTC', 'SPAM']
      const results = await client.multicall({
        multicallAddress,
        contracts: [
          ...symbols.map((symbol) => ({
            address: tokenOf(chain, symbol),
            abi: erc20Abi,
            functionName: 'balanceOf' as const,
            args: [holder] as const,
          })),
          { address: multicallAddress, abi: multicall3Abi, functionName: 'getChainId' },
          {
            address: multicallAddress,
            abi: multicall3Abi,
            functionName: 'getEthBalance',
            args: [holder],
          },
          // A failing call is reported, not thrown, with allowFailure (viem's default).
          { address: multicallAddress, abi: erc20Abi, functionName: 'decimals' },
        ],
      })
      expect(results.map((result) => result.status)).toEqual([
        'success',
        'success',
        'success',
        'success',
        'success',
        'success',
        'failure',
      ])
      expect(results.slice(0, 4).map((result) => result.result)).toEqual([
        parseUnits('100000', 6),
        parseUnits('100000', 18),
        parseUnits('10', 8),
        parseUnits('1000', 18),
      ])
      expect(results[4]?.result).toBe(BigInt(chain.chainId))
      expect(results[5]?.result).toBe(await client.getBalance({ address: holder }))
      expect(
        await client.readContract({
          address: multicallAddress,
          abi: multicall3Abi,
          functionName: 'getBlockNumber',
        }),
      ).toBe(await client.getBlockNumber())
    }
  })

  it('implements the rest of the Multicall3 interface', async () => {
    const chain = chainAt(1)
    const client = clientFor(chain)
    const address = chain.contracts.multicall3
    const caller = devnet.manifest.accounts[3]?.address ?? '0x'
    const usdc = tokenOf(chain, 'USDC')
    const good = {
      target: usdc,
      callData: encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }),
    }
    const bad = { target: address, callData: good.callData }

    const views = await client.multicall({
      multicallAddress: address,
      allowFailure: false,
      contracts: [
        { address, abi: multicall3Abi, functionName: 'getBlockNumber' },
        { address, abi: multicall3Abi, functionName: 'getLastBlockHash' },
        { address, abi: multicall3Abi, functionName: 'getBasefee' },
        { address, abi: multicall3Abi, functionName: 'getCurrentBlockGasLimit' },
        { address, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' },
        { address, abi: multicall3Abi, functionName: 'getCurrentBlockCoinbase' },
        { address, abi: multicall3Abi, functionName: 'getCurrentBlockDifficulty' },
        { address, abi: multicall3Abi, functionName: 'getChainId' },
      ],
    })
    const [number, lastHash, baseFee, gasLimit, timestamp, coinbase] = views
    const previous = await client.getBlock({ blockNumber: number - 1n })
    expect(lastHash).toBe(previous.hash)
    expect(
      await client.readContract({
        address,
        abi: multicall3Abi,
        functionName: 'getBlockHash',
        args: [number - 1n],
      }),
    ).toBe(previous.hash)
    expect(baseFee).toBeGreaterThan(0n)
    expect(gasLimit).toBe(30_000_000n)
    expect(timestamp).toBeGreaterThanOrEqual(previous.timestamp)
    expect(coinbase).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(views[7]).toBe(31338n)

    const simulate = (functionName: string, args: unknown[], value?: bigint) =>
      client
        .simulateContract({
          address,
          abi: multicall3Abi,
          functionName: functionName as 'aggregate',
          args: args as never,
          account: caller,
          ...(value === undefined ? {} : { value }),
        })
        .then(({ result }) => result as unknown)
    const [, [decimals]] = (await simulate('aggregate', [[good]])) as [bigint, Hex[]]
    expect(decimals && hexToBigInt(decimals)).toBe(6n)
    await expect(simulate('aggregate', [[good, bad]])).rejects.toThrow(/call failed/)
    const tried = (await simulate('tryAggregate', [false, [good, bad]])) as { success: boolean }[]
    expect(tried.map((result) => result.success)).toEqual([true, false])
    const [blockNumber, , results] = (await simulate('blockAndAggregate', [[good]])) as [
      bigint,
      Hex,
      { success: boolean }[],
    ]
    expect(blockNumber).toBeGreaterThan(0n)
    expect(results.map((result) => result.success)).toEqual([true])
    const sendOneWei = { target: caller, allowFailure: false, value: 1n, callData: '0x' }
    const paid = (await simulate('aggregate3Value', [[sendOneWei]], 1n)) as { success: boolean }[]
    expect(paid.map((result) => result.success)).toEqual([true])
    await expect(simulate('aggregate3Value', [[sendOneWei]], 2n)).rejects.toThrow(/value mismatch/)
  })

  it('swaps ETH for USDC through Router02 at the price getAmountsOut predicts, near 3000', async () => {
    const chain = chainAt(0)
    const { uniswapV2Router02: router, uniswapV2Factory: factory, weth9 } = chain.contracts
    const usdc = tokenOf(chain, 'USDC')
    const client = clientFor(chain)
    const viemChain = defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
    // A fresh account, so the ten dev accounts keep their balances.
    const trader = privateKeyToAccount(generatePrivateKey())
    await createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) }).setBalance({
      address: trader.address,
      value: parseEther('5'),
    })

    expect(
      await client.readContract({ address: router, abi: routerAbi, functionName: 'WETH' }),
    ).toBe(weth9)
    expect(
      await client.readContract({ address: router, abi: routerAbi, functionName: 'factory' }),
    ).toBe(factory)
    const pair = chain.pairs.find(
      (candidate) => candidate.tokens.join('/') === 'WETH/USDC',
    )?.address
    expect(
      await client.readContract({
        address: factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [weth9, usdc],
      }),
    ).toBe(pair)

    const path = [weth9, usdc]
    const amountIn = parseEther('1')
    const predicted = await client.readContract({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, path],
    })
    const amountOut = predicted[1] ?? 0n
    // 3000 USDC minus the 0.3% fee and about 0.1% price impact.
    expect(Number(formatUnits(amountOut, 6))).toBeGreaterThan(2980)
    expect(Number(formatUnits(amountOut, 6))).toBeLessThan(3000)

    const wallet = createWalletClient({
      account: trader,
      chain: viemChain,
      transport: http(chain.rpcUrl),
    })
    const hash = await wallet.writeContract({
      address: router,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [amountOut, path, trader.address, BigInt(Math.floor(Date.now() / 1000) + 600)],
      value: amountIn,
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    const received = await client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [trader.address],
    })
    expect(received).toBe(amountOut)

    if (!pair) throw new Error('no WETH/USDC pair')
    const [token0, [reserve0, reserve1]] = await Promise.all([
      client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
      client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
    ])
    const [wethReserve, usdcReserve] =
      token0 === weth9 ? [reserve0, reserve1] : [reserve1, reserve0]
    const price = Number(formatUnits(usdcReserve, 6)) / Number(formatUnits(wethReserve, 18))
    expect(price).toBeGreaterThan(2950)
    expect(price).toBeLessThan(3050)
  })

  it('puts every contract at the same address on both chains and on every start', async () => {
    const layout = (chain: DevnetChain) => ({
      contracts: chain.contracts,
      tokens: chain.tokens,
      pairs: chain.pairs,
      nfts: chain.nfts,
    })
    expect(layout(chainAt(1))).toEqual(layout(chainAt(0)))

    // Without bundlers: they play no part in the layout, and the option is checked on the way.
    const second = await startDevnet({
      ports: [0, 0],
      relayPort: 0,
      bundlers: false,
      manifestPath: join(scratch, 'second.json'),
    })
    try {
      expect(second.bundlerPids).toEqual([])
      expect(second.manifest.chains.map((chain) => chain.bundlerUrl)).toEqual([
        undefined,
        undefined,
      ])
      expect(second.manifest.chains.map(layout)).toEqual(devnet.manifest.chains.map(layout))
      expect(second.manifest.accounts).toEqual(devnet.manifest.accounts)
      expect(second.manifest.chains.map((chain) => chain.rpcUrl)).not.toEqual(
        devnet.manifest.chains.map((chain) => chain.rpcUrl),
      )
    } finally {
      await second.stop()
    }
  })

  it('stop() ends both anvil processes', async () => {
    const other = await startDevnet({
      ports: [0, 0],
      relayPort: 0,
      manifestPath: join(scratch, 'third.json'),
    })
    expect(other.pids).toHaveLength(2)
    expect(other.bundlerPids).toHaveLength(2)
    for (const pid of other.pids) {
      expect(isAlive(pid)).toBe(true)
      if (process.platform === 'linux') {
        expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('anvil')
      }
    }
    for (const pid of other.bundlerPids) {
      expect(isAlive(pid)).toBe(true)
      if (process.platform === 'linux') {
        expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('alto')
      }
    }
    await other.stop()
    expect([...other.pids, ...other.bundlerPids].filter(isAlive)).toEqual([])
    await other.stop() // a second stop is harmless
  })
})

// The two scenarios each start a node process with its own devnet: run them side by side.
describe.concurrent('when the process that started the devnet dies', () => {
  const require = createRequire(import.meta.url)
  const tsx = pathToFileURL(require.resolve('tsx')).href
  const fixture = fileURLToPath(new URL('./child-devnet.fixture.ts', import.meta.url))

  /** Starts the fixture in a child node process and resolves with its anvil and bundler pids. */
  function startChild(mode: 'exit' | 'wait'): Promise<{ child: ChildProcess; pids: number[] }> {
    const child = spawn(
      process.execPath,
      ['--import', tsx, fixture, mode, join(scratch, `${mode}.json`)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    return new Promise((resolve, reject) => {
      let out = ''
      let err = ''
      child.stderr?.on('data', (chunk: Buffer) => {
        err += chunk.toString()
      })
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const line = out.split('\n')[0]
        if (out.includes('\n') && line) resolve({ child, pids: JSON.parse(line) as number[] })
      })
      child.once('exit', (code) => {
        if (!out.includes('\n')) reject(new Error(`fixture exited with ${code}: ${err}`))
      })
    })
  }

  it('leaves no anvil or bundler behind when it exits without calling stop()', {
    timeout: 60_000,
  }, async () => {
    const { pids } = await startChild('exit')
    expect(pids).toHaveLength(4)
    expect(await waitUntilDead(pids)).toBe(true)
  })

  it.skipIf(process.platform !== 'linux')(
    'leaves no anvil or bundler behind when it is killed with SIGKILL',
    { timeout: 60_000 },
    async ({ expect }) => {
      const { child, pids } = await startChild('wait')
      expect(pids.every(isAlive)).toBe(true)
      child.kill('SIGKILL')
      expect(await waitUntilDead(pids)).toBe(true)
    },
  )
})
