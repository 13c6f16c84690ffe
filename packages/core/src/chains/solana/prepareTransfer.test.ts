import { describe, expect, it } from 'vitest'
import { transferToolsFixture } from '../transferTools.fixture.ts'
import { solanaTransferPreparation as solana } from './prepareTransfer.ts'

const NETWORK = 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K'
const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

describe('the Solana part of a send', () => {
  it('checks a token send into a transfer of the mint by its CAIP-10 id', async () => {
    const { tools } = transferToolsFixture(NETWORK, OWNER)
    const draft = {
      token: { address: MINT, decimals: 6, symbol: 'USDC' },
      amount: '2',
      receiver: OWNER,
    }
    expect(await solana.check(draft, tools)).toEqual({
      to: OWNER,
      amount: 2_000_000n,
      token: `${NETWORK}:${MINT}`,
    })
  })

  it('tells the Solana address rule for a receiver it refuses', async () => {
    const { tools } = transferToolsFixture(NETWORK, OWNER)
    const draft = { token: { decimals: 9, symbol: 'SOL' }, amount: '1', receiver: '0x1234' }
    const refused = await solana.check(draft, tools).catch((error: unknown) => error)
    expect(solana.receiverRefusal?.(refused)).toMatchObject({
      english: 'Invalid receiver address. A Solana address is 32 to 44 base58 characters.',
    })
  })

  it('shows one signature as the form fee, and keeps two back on Max', async () => {
    expect(solana.fixedFee).toBe(5000n)
    const { tools } = transferToolsFixture(NETWORK, OWNER, { balance: 1_000_000_000n })
    expect(await solana.maxNative({}, tools)).toBe(999_990_000n)
    const { tools: poor } = transferToolsFixture(NETWORK, OWNER, { balance: 9000n })
    expect(await solana.maxNative({}, poor)).toBe(0n)
  })
})
