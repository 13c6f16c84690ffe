import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { DevnetChain } from '@latch/protocol'
import {
  type Abi,
  type Account,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  formatUnits,
  type Hash,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { namehash } from 'viem/ens'
import { repoRoot } from '../src/config.ts'

export type CountingUpstream = {
  url: string
  /** The JSON-RPC methods of each request received, in order (a batch is one request). */
  requests: string[][]
  /** Requests since `mark` (a length of `requests`). The test servers run no indexer. */
  since(mark: number): string[][]
  close(): Promise<void>
}

/** An HTTP JSON-RPC proxy in front of anvil that records every request it passes on. */
export async function startCountingUpstream(target: string): Promise<CountingUpstream> {
  const requests: string[][] = []
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const parsed = JSON.parse(body) as { method: string } | { method: string }[]
    requests.push((Array.isArray(parsed) ? parsed : [parsed]).map((call) => call.method))
    try {
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(await answer.text())
    } catch {
      // The node went away (a test or a bench stopping it with calls in flight): a bad gateway.
      if (!response.headersSent) response.writeHead(502)
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    since: (mark) => requests.slice(mark),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Reads and writes on one devnet chain, as a wallet would: signed locally, sent to anvil. */
export function chainTools(chain: DevnetChain) {
  const definition = defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  const publicClient = createPublicClient({
    chain: definition,
    transport: http(chain.rpcUrl),
    pollingInterval: 50,
  })
  const tokenOf = (symbol: string) => {
    const token = chain.tokens.find((entry) => entry.symbol === symbol)
    if (!token) throw new Error(`no token ${symbol} on ${chain.chainId}`)
    return token
  }

  /**
   * Sends and waits for the receipt. Other test files send from the same dev accounts at the same
   * time, so a nonce taken by one of them is retried with the next.
   */
  async function send(account: Account, write: (nonce: number) => Promise<Hash>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const nonce = await publicClient.getTransactionCount({
        address: account.address,
        blockTag: 'pending',
      })
      try {
        const hash = await write(nonce)
        const receipt = await publicClient.waitForTransactionReceipt({ hash })
        if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
        return
      } catch (error) {
        if (attempt >= 5 || !/nonce/i.test(String(error))) throw error
      }
    }
  }

  const walletOf = (account: Account) =>
    createWalletClient({ account, chain: definition, transport: http(chain.rpcUrl) })

  return {
    publicClient,
    tokenOf,
    async sendEther(from: Account, to: Address, ether: string) {
      await send(from, (nonce) =>
        walletOf(from).sendTransaction({ to, value: parseEther(ether), nonce }),
      )
    },
    async sendToken(from: Account, symbol: string, to: Address, amount: string) {
      const token = tokenOf(symbol)
      await send(from, (nonce) =>
        walletOf(from).writeContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, parseUnits(amount, token.decimals)],
          nonce,
        }),
      )
    },
    async deploy(from: Account, contract: { abi: Abi; bytecode: Hex }): Promise<Address> {
      let address: Address | undefined
      await send(from, async (nonce) => {
        const hash = await walletOf(from).deployContract({ ...contract, nonce })
        address =
          (await publicClient.waitForTransactionReceipt({ hash })).contractAddress ?? undefined
        return hash
      })
      if (!address) throw new Error('deployment gave no contract address')
      return address
    },
    async write(
      from: Account,
      call: { address: Address; abi: Abi; name: string; args: unknown[] },
    ) {
      await send(from, (nonce) =>
        walletOf(from).writeContract({
          address: call.address,
          abi: call.abi,
          functionName: call.name,
          args: call.args,
          nonce,
        }),
      )
    },
  }
}

const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

/** The pools' reserves at one moment, and the USD prices they imply. */
export type PoolPrices = Record<string, number>

/**
 * Reads every pool's reserves from the chain and prices as a person would with a calculator:
 * USDC = 1, WETH (and ETH) from WETH/USDC, a token with a USDC pool from it, others through WETH.
 */
export async function poolPrices(chain: DevnetChain): Promise<PoolPrices> {
  const { publicClient, tokenOf } = chainTools(chain)
  const reserves = new Map<string, readonly [bigint, bigint]>()
  await Promise.all(
    chain.pairs.map(async (pair) => {
      const [reserve0, reserve1] = await publicClient.readContract({
        address: pair.address,
        abi: pairAbi,
        functionName: 'getReserves',
      })
      reserves.set([...pair.tokens].sort().join('/'), [reserve0, reserve1])
    }),
  )
  /** Units of `quote` one `base` buys in their pool, or undefined without one. */
  const rate = (base: string, quote: string): number | undefined => {
    const pool = reserves.get([base, quote].sort().join('/'))
    if (!pool) return undefined
    const [baseToken, quoteToken] = [tokenOf(base), tokenOf(quote)]
    const baseIsToken0 = baseToken.address.toLowerCase() < quoteToken.address.toLowerCase()
    const [baseReserve, quoteReserve] = baseIsToken0 ? pool : [pool[1], pool[0]]
    return (
      Number(formatUnits(quoteReserve, quoteToken.decimals)) /
      Number(formatUnits(baseReserve, baseToken.decimals))
    )
  }
  const eth = rate('WETH', 'USDC') as number
  const prices: PoolPrices = { USDC: 1, ETH: eth, WETH: eth }
  for (const token of chain.tokens) {
    if (token.symbol in prices) continue
    const direct = rate(token.symbol, 'USDC')
    const throughWeth = rate(token.symbol, 'WETH')
    if (direct !== undefined) prices[token.symbol] = direct
    else if (throughWeth !== undefined) prices[token.symbol] = throughWeth * eth
  }
  return prices
}

export type TestEns = {
  registry: Address
  resolver: Address
  /** Writes a reverse record (`<address>.addr.reverse` -> name). */
  setReverseName(account: Account, owner: Address, name: string): Promise<void>
  /** Points a name at an address, with an avatar text record when given. */
  setForward(account: Account, name: string, owner: Address, avatar?: string): Promise<void>
}

/**
 * The contracts of test/fixtures/`file` (Solidity), compiled with the devnet's solc-js: contracts
 * a test needs that the devnet does not have.
 */
export function compileFixture(file: string): Record<string, { abi: Abi; bytecode: Hex }> {
  const solc = createRequire(path.join(repoRoot, 'packages/devnet/package.json'))('solc') as {
    compile(input: string): string
  }
  const source = readFileSync(path.join(import.meta.dirname, 'fixtures', file), 'utf8')
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { [file]: { content: source } },
        settings: {
          evmVersion: 'cancun',
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = output.errors?.filter((error) => error.severity === 'error') ?? []
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  return Object.fromEntries(
    Object.entries(output.contracts[file] ?? {}).map(([name, contract]) => [
      name,
      { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` as Hex },
    ]),
  )
}

/**
 * Deploys test/fixtures/TestEns.sol (an ENS registry and resolver answering as ENS's do): the
 * devnet has no ENS of its own.
 */
export async function deployTestEns(chain: DevnetChain, deployer: Account): Promise<TestEns> {
  const contracts = compileFixture('TestEns.sol')
  const compiled = (name: string) => {
    const contract = contracts[name]
    if (!contract) throw new Error(`${name} not compiled`)
    return contract
  }
  const registryContract = compiled('TestEnsRegistry')
  const resolverContract = compiled('TestEnsResolver')
  const tools = chainTools(chain)
  const registry = await tools.deploy(deployer, registryContract)
  const resolver = await tools.deploy(deployer, resolverContract)
  const onResolver = (account: Account, name: string, args: unknown[]) =>
    tools.write(account, { address: resolver, abi: resolverContract.abi, name, args })
  const pointAt = (account: Account, node: Hex) =>
    tools.write(account, {
      address: registry,
      abi: registryContract.abi,
      name: 'setResolver',
      args: [node, resolver],
    })
  return {
    registry,
    resolver,
    async setReverseName(account, owner, name) {
      const node = namehash(`${owner.slice(2).toLowerCase()}.addr.reverse`)
      await pointAt(account, node)
      await onResolver(account, 'setName', [node, name])
    },
    async setForward(account, name, owner, avatar) {
      const node = namehash(name)
      await pointAt(account, node)
      await onResolver(account, 'setAddr', [node, owner])
      if (avatar !== undefined) await onResolver(account, 'setText', [node, 'avatar', avatar])
    },
  }
}
