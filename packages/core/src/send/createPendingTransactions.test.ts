import { describe, expect, it } from 'vitest'
import { createPendingTransactions } from './createPendingTransactions.ts'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

describe('createPendingTransactions', () => {
  it('links a pending transaction to the explorer and forgets it once mined', () => {
    const pending = createPendingTransactions(() => 1)
    pending.add({ hash: hash(1), chainId: 'eip155:1', explorer: 'https://etherscan.io/' })
    expect(pending.state.get().pending).toEqual([
      {
        hash: hash(1),
        chainId: 'eip155:1',
        sentAt: 1,
        explorerUrl: `https://etherscan.io/tx/${hash(1)}`,
      },
    ])
    pending.remove(hash(1).toUpperCase().replace('0X', '0x'))
    expect(pending.state.get().pending).toEqual([])
  })

  it('keeps at most 99, dropping the oldest', () => {
    const pending = createPendingTransactions()
    for (let n = 1; n <= 120; n++) pending.add({ hash: hash(n), chainId: 'eip155:31337' })
    const kept = pending.state.get().pending
    expect(kept).toHaveLength(99)
    expect(kept[0]?.hash).toBe(hash(22))
    expect(kept.at(-1)?.hash).toBe(hash(120))
  })

  it('tracks a Solana transaction by its signature, and refuses an EVM hash as one', () => {
    const pending = createPendingTransactions(() => 1)
    const signature = '5'.repeat(88)
    pending.add({ hash: signature, chainId: 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K' })
    expect(pending.state.get().pending.map((entry) => entry.hash)).toEqual([signature])
    expect(() =>
      pending.add({ hash: hash(1), chainId: 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K' }),
    ).toThrow('Invalid transaction hash')
    pending.remove(signature)
    expect(pending.state.get().pending).toEqual([])
  })

  it('tracks a Bitcoin transaction by its txid, without 0x', () => {
    const pending = createPendingTransactions(() => 1)
    const txid = 'ab'.repeat(32)
    const chainId = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
    pending.add({ hash: txid, chainId, explorer: 'https://mempool.space' })
    expect(pending.state.get().pending).toEqual([
      { hash: txid, chainId, sentAt: 1, explorerUrl: `https://mempool.space/tx/${txid}` },
    ])
    expect(() => pending.add({ hash: `0x${txid}`, chainId })).toThrow('Invalid transaction hash')
  })

  it('refuses what is not a transaction hash', () => {
    const pending = createPendingTransactions()
    expect(() => pending.add({ hash: '0x1234', chainId: 'eip155:1' })).toThrow(
      'Invalid transaction hash',
    )
  })
})
