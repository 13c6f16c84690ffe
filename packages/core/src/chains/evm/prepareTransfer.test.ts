import { decodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { transferToolsFixture } from '../transferTools.fixture.ts'
import { evmTransferPreparation as evm } from './prepareTransfer.ts'

const SENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdc = { address: USDC, decimals: 6, symbol: 'USDC' }

describe('the EVM part of a send', () => {
  it('checks a token send into a transfer of the token by its CAIP-10 id', async () => {
    const { tools } = transferToolsFixture('eip155:31337', SENDER)
    const draft = { token: usdc, amount: '1.5', receiver: RECEIVER.toLowerCase() }
    expect(await evm.check(draft, tools)).toEqual({
      to: RECEIVER,
      amount: 1_500_000n,
      token: `eip155:31337:${USDC}`,
    })
  })

  it("prices a token transfer as its ERC-20 call's gas at the highest price", async () => {
    const { tools, estimates } = transferToolsFixture('eip155:31337', SENDER, {
      gas: 50_000n,
      maxFeePerGas: 2n,
    })
    const fee = await evm.reviewFee(
      { to: RECEIVER, amount: 5n, token: `eip155:31337:${USDC}` },
      tools,
    )
    expect(fee).toEqual({ fee: 100_000n })
    const [estimate] = estimates as {
      to: string
      value: bigint
      data: `0x${string}`
      chainId: number
    }[]
    expect(estimate).toMatchObject({ from: SENDER, to: USDC, value: 0n, chainId: 31337 })
    expect(decodeFunctionData({ abi: erc20Abi, data: estimate?.data ?? '0x' }).args).toEqual([
      RECEIVER,
      5n,
    ])
  })

  it('keeps twice the fee of a native transfer back on Max', async () => {
    const { tools } = transferToolsFixture('eip155:31337', SENDER, {
      balance: 100_000n,
      maxFeePerGas: 1n,
    })
    expect(await evm.maxNative({}, tools)).toBe(100_000n - 42_000n)
  })

  it('tells a receiver whose mixed case is not its checksum that it is likely mistyped', async () => {
    const { tools } = transferToolsFixture('eip155:31337', SENDER)
    const draft = { token: usdc, amount: '1', receiver: RECEIVER.replace('3C44', '3c44') }
    const refused = await evm.check(draft, tools).catch((error: unknown) => error)
    expect(evm.receiverRefusal?.(refused)).toMatchObject({ key: 'send.invalidReceiverBecause' })
  })
})
