import { describe, expect, it, vi } from 'vitest'
import { TransactionRevertedError } from './errors.ts'
import { executeSwap, type SwapPlan } from './executeSwap.ts'
import { approveTx, DAI, ROUTER, swapTx, USDC, USER } from './testFixtures.ts'

const plan: SwapPlan = {
  chainId: 31337,
  user: USER,
  from: { address: USDC, native: false },
  to: { address: DAI, native: false },
  amount: 100_000_000n,
  slippage: 1,
  minimumOut: 98n * 10n ** 18n,
  allowance: 0n,
}

function stubs(options: { approvalMined?: boolean } = {}) {
  const calls: string[] = []
  const api = {
    buildApprove: vi.fn(async () => {
      calls.push('build-approve')
      return { tx: approveTx({ token: USDC, amount: plan.amount }) }
    }),
    buildTransaction: vi.fn(async (body: { disableEstimate?: boolean }) => {
      calls.push(body.disableEstimate ? 'build-swap (router)' : 'build-swap')
      return {
        tx: swapTx({ from: USDC, to: DAI, amount: plan.amount, amountOutMin: 99n * 10n ** 18n }),
      }
    }),
  }
  const evm = {
    sendTransaction: vi.fn(
      async (_tx: { to: `0x${string}`; data: `0x${string}`; value: bigint }) => {
        calls.push('send')
        return `0x${String(calls.length).padStart(64, '0')}` as const
      },
    ),
    waitForTransaction: vi.fn(async () => {
      calls.push('wait')
      const success = options.approvalMined ?? true
      return { success: calls.includes('build-swap') || success, blockNumber: 1n }
    }),
  }
  return { api, evm, calls }
}

describe('executeSwap', () => {
  it('learns the router from a build without estimate when none is known', async () => {
    const { api, evm, calls } = stubs()
    const onStep = vi.fn()
    const result = await executeSwap({ api, evm, onStep }, plan)
    expect(calls).toEqual([
      'build-swap (router)',
      'build-approve',
      'send',
      'wait',
      'build-swap',
      'send',
      'wait',
    ])
    expect(onStep.mock.calls).toEqual([['approving'], ['swapping']])
    // The approval goes to the token contract (`tx.from` of build-approve), the swap to the router.
    expect(evm.sendTransaction.mock.calls.map(([tx]) => tx.to)).toEqual([
      USDC.split(':')[2],
      ROUTER.split(':')[2],
    ])
    expect(result.approvalHash).toBeDefined()
    expect(result.hash).not.toBe(result.approvalHash)
  })

  it('skips the approval when the router may already spend the amount', async () => {
    const { api, evm, calls } = stubs()
    await executeSwap(
      { api, evm, onStep: vi.fn() },
      { ...plan, router: ROUTER, allowance: plan.amount },
    )
    expect(calls).toEqual(['build-swap', 'send', 'wait'])
  })

  it('stops at a reverted approval: the swap is never built', async () => {
    const { api, evm, calls } = stubs({ approvalMined: false })
    await expect(
      executeSwap({ api, evm, onStep: vi.fn() }, { ...plan, router: ROUTER }),
    ).rejects.toThrow(TransactionRevertedError)
    expect(calls).toEqual(['build-approve', 'send', 'wait'])
  })

  describe('with a wallet that batches atomically (a smart account)', () => {
    /** The stubs plus a wallet whose capabilities say `atomic`, recording its batches. */
    function batching(options: { atomic: boolean; landed?: boolean }) {
      const base = stubs()
      const batches: { to: string; value?: bigint }[][] = []
      const evm = {
        ...base.evm,
        supportsAtomicBatch: vi.fn(async () => options.atomic),
        sendAtomicBatch: vi.fn(async (calls: readonly { to: `0x${string}`; value?: bigint }[]) => {
          base.calls.push('send-batch')
          batches.push([...calls])
          return '0xbatch'
        }),
        waitForBatch: vi.fn(async () => {
          base.calls.push('wait-batch')
          return {
            success: options.landed ?? true,
            transactionHash: `0x${'cd'.repeat(32)}` as const,
          }
        }),
      }
      return { ...base, evm, batches }
    }

    it('sends the approval and the swap as one batch: one wallet request, one transaction', async () => {
      const { api, evm, calls, batches } = batching({ atomic: true })
      const onStep = vi.fn()
      const onSent = vi.fn()
      const result = await executeSwap({ api, evm, onStep, onSent }, plan)
      // The swap is built once, without the estimate the missing allowance would fail.
      expect(calls).toEqual(['build-swap (router)', 'build-approve', 'send-batch', 'wait-batch'])
      expect(evm.sendTransaction).not.toHaveBeenCalled()
      expect(batches).toHaveLength(1)
      expect(batches[0]?.map((call) => call.to)).toEqual([USDC.split(':')[2], ROUTER.split(':')[2]])
      expect(onStep.mock.calls).toEqual([['swapping']])
      expect(onSent).toHaveBeenCalledWith(`0x${'cd'.repeat(32)}`)
      expect(result.hash).toBe(`0x${'cd'.repeat(32)}`)
    })

    it('a batch that reverted is a failed swap', async () => {
      const { api, evm } = batching({ atomic: true, landed: false })
      await expect(executeSwap({ api, evm, onStep: vi.fn() }, plan)).rejects.toThrow(
        TransactionRevertedError,
      )
    })

    it('a wallet without atomic batches sends call by call, as before', async () => {
      const { api, evm, calls } = batching({ atomic: false })
      await executeSwap({ api, evm, onStep: vi.fn() }, plan)
      expect(calls).toEqual([
        'build-swap (router)',
        'build-approve',
        'send',
        'wait',
        'build-swap',
        'send',
        'wait',
      ])
      expect(evm.sendAtomicBatch).not.toHaveBeenCalled()
    })

    it('a swap that needs no approval is one transaction anyway: no batch', async () => {
      const { api, evm, calls } = batching({ atomic: true })
      await executeSwap(
        { api, evm, onStep: vi.fn() },
        { ...plan, router: ROUTER, allowance: plan.amount },
      )
      expect(calls).toEqual(['build-swap', 'send', 'wait'])
      expect(evm.supportsAtomicBatch).not.toHaveBeenCalled()
    })
  })
})
