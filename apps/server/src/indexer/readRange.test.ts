import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DevnetChain } from '@latch/protocol'
import { erc20Abi, maxUint256, parseEther, type TransactionReceipt } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { devnetRpc, devnetWallet, routerAbi } from '../../test/devnetTx.ts'
import { chainsOfDevnet } from '../config.ts'
import { readRange } from './readRange.ts'
import { createIndexerRpc } from './rpc.ts'
import { trackedTokens } from './tokens.ts'

const devnet = inject('devnet')
const chain = devnet.chains[0] as DevnetChain
const config = chainsOfDevnet(devnet)[0] as ReturnType<typeof chainsOfDevnet>[number]
const usdc = chain.tokens.find((token) => token.symbol === 'USDC')?.address as `0x${string}`
const weth = chain.contracts.weth9
const router = chain.contracts.uniswapV2Router02
const context = {
  tokens: trackedTokens(config),
  router: router.toLowerCase(),
  weth: weth.toLowerCase(),
  useTraces: true,
}
// A fresh account given ether by anvil: no devnet account's nonce is shared with other files.
const trader = devnetWallet(chain, generatePrivateKey())
const me = trader.account.address.toLowerCase()
let sell: TransactionReceipt
// Half the USDC the first swap bought: other test files trade in the same pool, so what one ether
// buys moves between runs.
let sold: bigint
let refusingUrl: string
let refusing: Server

beforeAll(async () => {
  await devnetRpc(chain.rpcUrl, 'anvil_setBalance', [trader.account.address, '0x56bc75e2d63100000'])
  const mine = async (hash: `0x${string}`) => trader.client.waitForTransactionReceipt({ hash })
  await mine(
    await trader.wallet.writeContract({
      address: router,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [weth, usdc], trader.account.address, maxUint256],
      value: parseEther('1'),
    }),
  )
  sold =
    (await trader.client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [trader.account.address],
    })) / 2n
  await mine(
    await trader.wallet.writeContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, maxUint256],
    }),
  )
  sell = await mine(
    await trader.wallet.writeContract({
      address: router,
      abi: routerAbi,
      functionName: 'swapExactTokensForETH',
      args: [sold, 0n, [usdc, weth], trader.account.address, maxUint256],
    }),
  )
  // A node without the debug namespace: anvil behind a proxy that refuses debug_* calls.
  refusing = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const calls = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; method: string }[]
    const answers = await Promise.all(
      calls.map(async (call) =>
        call.method.startsWith('debug_')
          ? { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }
          : (
              await fetch(chain.rpcUrl, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(call),
              })
            ).json(),
      ),
    )
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answers))
  })
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
  refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => refusing?.close(resolve))
})

/** The trader's own transfers in the sell transaction's block, read through `url`. */
async function tradersTransfers(url: string) {
  const rpc = createIndexerRpc([url], { timeoutMs: 5_000, signal: new AbortController().signal })
  const block = Number(sell.blockNumber)
  const read = await readRange(rpc, context, block, block)
  const transaction = read.blocks[0]?.transactions.find(
    (candidate) => candidate.hash === sell.transactionHash,
  )
  return {
    tracesUnsupported: read.tracesUnsupported,
    status: transaction?.status,
    transfers: transaction?.transfers.filter(
      (transfer) => transfer.from === me || transfer.to === me,
    ),
  }
}

describe('readRange: the ether a router swap pays out', () => {
  it('is found in the call trace, and from the WETH withdrawal where the node has no traces', async () => {
    const [before, after] = await Promise.all([
      trader.client.getBalance({
        address: trader.account.address,
        blockNumber: sell.blockNumber - 1n,
      }),
      trader.client.getBalance({ address: trader.account.address, blockNumber: sell.blockNumber }),
    ])
    const etherIn = after - before + sell.gasUsed * sell.effectiveGasPrice
    const expected = {
      status: 'confirmed',
      transfers: [
        {
          token: usdc.toLowerCase(),
          from: me,
          to: expect.any(String),
          amount: sold,
        },
        { token: null, from: router.toLowerCase(), to: me, amount: etherIn },
      ],
    }
    expect(await tradersTransfers(chain.rpcUrl)).toEqual({ ...expected, tracesUnsupported: false })
    expect(await tradersTransfers(refusingUrl)).toEqual({ ...expected, tracesUnsupported: true })
  })
})
