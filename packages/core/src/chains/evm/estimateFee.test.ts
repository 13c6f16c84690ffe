import { custom, defineChain, TimeoutError } from 'viem'
import { describe, expect, it } from 'vitest'
import { isNetworkFailure } from '../../errorChain.ts'
import { createEvmAdapter } from './createEvmAdapter.ts'

const FROM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TO = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const chain = defineChain({
  id: 31337,
  name: 'Latch Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
})

/** A latest block of a chain without EIP-1559 fees: no base fee. */
const legacyBlock = {
  number: '0x1',
  hash: `0x${'11'.repeat(32)}`,
  parentHash: `0x${'22'.repeat(32)}`,
  timestamp: '0x1',
  gasLimit: '0x1c9c380',
  gasUsed: '0x0',
  transactions: [],
}

/** An adapter whose node answers as `answer` says; the methods it was asked, in order. */
function adapterWith(answer: (method: string) => unknown) {
  const asked: string[] = []
  const adapter = createEvmAdapter({
    chains: [chain],
    enableInjected: false,
    enableEIP6963: false,
    transports: {
      [chain.id]: custom(
        {
          async request({ method }: { method: string }) {
            asked.push(method)
            return answer(method)
          },
        },
        { retryCount: 0 },
      ),
    },
  })
  const estimate = () => adapter.estimateFee({ from: FROM, to: TO, value: 1n, chainId: chain.id })
  return { estimate, asked }
}

describe('the fee of a transaction', () => {
  it('on a chain without EIP-1559 fees, is priced at the legacy gas price', async () => {
    const { estimate, asked } = adapterWith((method) => {
      if (method === 'eth_estimateGas') return '0x5208'
      if (method === 'eth_getBlockByNumber') return legacyBlock
      if (method === 'eth_gasPrice') return '0x3b9aca00'
      throw new Error(`not asked for: ${method}`)
    })
    await expect(estimate()).resolves.toEqual({ gas: 21_000n, maxFeePerGas: 1_000_000_000n })
    expect(asked).toContain('eth_gasPrice')
  })

  it('when the node does not answer, fails with the outage and asks nothing more', async () => {
    const { estimate, asked } = adapterWith((method) => {
      if (method === 'eth_estimateGas') return '0x5208'
      throw new TimeoutError({ body: { method }, url: 'http://127.0.0.1:9' })
    })
    const failure = await estimate().catch((error: unknown) => error)
    expect(isNetworkFailure(failure)).toBe(true)
    expect(asked).not.toContain('eth_gasPrice')
  })
})
