import { describe, expect, it } from 'vitest'
import { parseSolanaTransaction } from './parseTransaction.ts'

const ALICE = 'A1iceRRoJmU4UxjLwRjqVh4K6CHKHK1zD9QCpsvbSmVW'
const BOB = 'Bob1Q3m7rDbXfPdGYJJqEc6ZHg7PjHNh2GHxLFSzNkA3'
const ALICE_USDC = 'AUsdcX9Q3m7rDbXfPdGYJJqEc6ZHg7PjHNh2GHxLFSzN'
const BOB_USDC = 'BUsdcX9Q3m7rDbXfPdGYJJqEc6ZHg7PjHNh2GHxLFSzN'
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const SYSTEM = '11111111111111111111111111111111'
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const SIGNATURE = '5'.repeat(88)

const usdc = (accountIndex: number, owner: string, amount: string) => ({
  accountIndex,
  mint: USDC,
  owner,
  uiTokenAmount: { amount, decimals: 6 },
})

describe('parseSolanaTransaction', () => {
  it('reads a SOL transfer as the amount sent, the fee kept apart', () => {
    const parsed = parseSolanaTransaction({
      slot: 42,
      blockTime: 1_700_000_000,
      meta: {
        err: null,
        fee: 5000,
        preBalances: [2_000_000_000, 0, 1],
        postBalances: [1_499_995_000, 500_000_000, 1],
        preTokenBalances: [],
        postTokenBalances: [],
      },
      transaction: {
        signatures: [SIGNATURE],
        message: { accountKeys: [ALICE, BOB, SYSTEM], instructions: [{ programIdIndex: 2 }] },
      },
    })
    expect(parsed).toMatchObject({
      signature: SIGNATURE,
      slot: 42,
      blockTime: 1_700_000_000,
      feePayer: ALICE,
      fee: 5000n,
      status: 'confirmed',
      firstProgram: SYSTEM,
    })
    expect(parsed.changes).toEqual([
      { owner: ALICE, mint: '', delta: -500_000_000n, decimals: 9 },
      { owner: BOB, mint: '', delta: 500_000_000n, decimals: 9 },
    ])
  })

  it('reads a token transfer that opened the receiver an account: the rent is a cost, not a transfer', () => {
    const rent = 2_039_280
    const parsed = parseSolanaTransaction({
      slot: 43,
      blockTime: null,
      meta: {
        err: null,
        fee: 5000,
        preBalances: [1_000_000_000, rent, 0, 0, 1],
        postBalances: [1_000_000_000 - 5000 - rent, rent, rent, 0, 1],
        preTokenBalances: [usdc(1, ALICE, '10000000')],
        postTokenBalances: [usdc(1, ALICE, '7500000'), usdc(2, BOB, '2500000')],
      },
      transaction: {
        signatures: [SIGNATURE],
        message: {
          accountKeys: [ALICE, ALICE_USDC, BOB_USDC, BOB, TOKEN],
          instructions: [{ programIdIndex: 4 }],
        },
      },
    })
    expect(parsed.blockTime).toBeNull()
    expect(parsed.changes).toEqual([
      { owner: ALICE, mint: USDC, delta: -2_500_000n, decimals: 6 },
      { owner: BOB, mint: USDC, delta: 2_500_000n, decimals: 6 },
    ])
  })

  it('reads a failed transaction as failed, with nothing moved but its fee', () => {
    const parsed = parseSolanaTransaction({
      slot: 44,
      meta: {
        err: { InstructionError: [0, { Custom: 1 }] },
        fee: 5000,
        preBalances: [1_000_000, 0, 1],
        postBalances: [995_000, 0, 1],
      },
      transaction: {
        signatures: [SIGNATURE],
        message: { accountKeys: [ALICE, BOB, SYSTEM], instructions: [{ programIdIndex: 2 }] },
      },
    })
    expect(parsed.status).toBe('failed')
    expect(parsed.changes).toEqual([])
  })

  it('counts the accounts a versioned transaction loaded from lookup tables', () => {
    const parsed = parseSolanaTransaction({
      slot: 45,
      meta: {
        err: null,
        fee: 5000,
        preBalances: [1_000_000_000, 1, 0],
        postBalances: [899_995_000, 1, 100_000_000],
        loadedAddresses: { writable: [BOB], readonly: [] },
      },
      transaction: {
        signatures: [SIGNATURE],
        message: { accountKeys: [ALICE, SYSTEM], instructions: [{ programIdIndex: 1 }] },
      },
    })
    expect(parsed.changes).toContainEqual({
      owner: BOB,
      mint: '',
      delta: 100_000_000n,
      decimals: 9,
    })
  })

  it('refuses an answer without the fields history reads', () => {
    expect(() => parseSolanaTransaction({ slot: 1 })).toThrow()
  })
})
