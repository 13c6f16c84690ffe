import { encodeBase58 } from '@latch/protocol/solana'
import { describe, expect, it } from 'vitest'
import {
  ASSOCIATED_TOKEN_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  MEMO_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
} from '../format/solana/programs.ts'
import { le, testTransaction } from '../format/solana/testTransaction.ts'
import { describeApproval } from './describeApproval.ts'

const user = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdcVwX7tPhp5m'
const receiver = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH'
const userUsdc = '2wmVCSfPxGPjrnMMn7rchp4uaeoTqN39mXFC2zhPdri9'
const receiverUsdc = 'BTW4Vv1ymXvTCcF6GGCsEHJEZzDX3Vo3D4NNuL9u9fKq'
const usdcMint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const unknownProgram = 'Stake11111111111111111111111111111111111111'

const solanaNetwork = {
  caipNetworkId: 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K',
  name: 'Latch Solana Devnet',
  currency: { symbol: 'SOL', decimals: 9 },
  tokens: [{ mint: usdcMint, symbol: 'USDC', decimals: 6 }],
}

const bytes = (...values: number[]) => Uint8Array.from(values)

describe('describeApproval for Solana', () => {
  it('solana_signMessage: the message as text, and the network', () => {
    const message = encodeBase58(new TextEncoder().encode('Sign in to Latch\nNonce: 42'))
    expect(
      describeApproval({
        method: 'solana_signMessage',
        params: { message, pubkey: user },
        solanaNetwork,
      }),
    ).toEqual({
      title: 'Sign message',
      sections: [
        { heading: 'Message', block: { text: 'Sign in to Latch\nNonce: 42', mono: false } },
        { rows: [{ label: 'Network', value: 'Latch Solana Devnet' }] },
      ],
    })
  })

  it('solana_signMessage: binary bytes as hex; the network by id without the server', () => {
    const view = describeApproval({
      method: 'solana_signMessage',
      params: { message: encodeBase58(bytes(0xde, 0xad, 0xbe, 0xef)), pubkey: user },
      caipNetworkId: solanaNetwork.caipNetworkId,
    })
    expect(view.sections).toEqual([
      { heading: 'Message', block: { text: '0xdeadbeef', mono: true } },
      { rows: [{ label: 'Network', value: solanaNetwork.caipNetworkId }] },
    ])
  })

  it('a SOL transfer, a USDC transfer with its token account, a memo: each instruction read', () => {
    const transaction = testTransaction(
      [user],
      [
        { program: COMPUTE_BUDGET_PROGRAM, accounts: [], data: bytes(3, ...le(5_000n, 8)) },
        {
          program: SYSTEM_PROGRAM,
          accounts: [user, receiver],
          data: bytes(...le(2n, 4), ...le(1_500_000_000n, 8)),
        },
        {
          program: ASSOCIATED_TOKEN_PROGRAM,
          accounts: [user, receiverUsdc, receiver, usdcMint, SYSTEM_PROGRAM, TOKEN_PROGRAM],
          data: bytes(1),
        },
        {
          program: TOKEN_PROGRAM,
          accounts: [userUsdc, usdcMint, receiverUsdc, user],
          data: bytes(12, ...le(2_500_000n, 8), 6),
        },
        { program: MEMO_PROGRAM, accounts: [], data: new TextEncoder().encode('for lunch') },
        { program: unknownProgram, accounts: [user], data: bytes(1, 2, 3) },
      ],
    )
    const view = describeApproval({
      method: 'solana_signAndSendTransaction',
      params: { transaction },
      solanaNetwork,
    })
    expect(view.title).toBe('Approve transaction')
    expect(view.warning).toBeUndefined()
    expect(view.sections).toEqual([
      { rows: [{ label: 'Network', value: 'Latch Solana Devnet' }] },
      { rows: [{ label: 'Fee payer', value: user, mono: true }] },
      {
        heading: '1/6 Compute budget',
        rows: [
          { label: 'Program', value: 'Compute Budget Program' },
          { label: 'Priority fee', value: '5,000 micro-lamports per compute unit' },
        ],
      },
      {
        heading: '2/6 SOL transfer',
        rows: [
          { label: 'Program', value: 'System Program' },
          { label: 'From', value: user, mono: true },
          { label: 'To', value: receiver, mono: true },
          { label: 'Amount', value: '1.5 SOL' },
        ],
      },
      {
        heading: '3/6 Create token account',
        rows: [
          { label: 'Program', value: 'Associated Token Program' },
          { label: 'Owner', value: receiver, mono: true },
          { label: 'Token', value: 'USDC' },
          { label: 'Mint', value: usdcMint, mono: true },
          { label: 'Paid by', value: user, mono: true },
        ],
      },
      {
        heading: '4/6 USDC transfer',
        rows: [
          { label: 'Program', value: 'Token Program' },
          { label: 'From', value: userUsdc, mono: true },
          { label: 'To', value: receiverUsdc, mono: true },
          { label: 'Amount', value: '2.5 USDC' },
          { label: 'Mint', value: usdcMint, mono: true },
        ],
      },
      {
        heading: '5/6 Memo',
        rows: [{ label: 'Program', value: 'Memo Program' }],
        block: { text: 'for lunch', mono: false },
      },
      {
        heading: '6/6 Unknown instruction',
        rows: [
          { label: 'Program', value: unknownProgram, mono: true },
          { label: 'Data', value: '0x010203', mono: true },
        ],
      },
    ])
  })

  it('a token transfer of a mint the server does not name: the amount in its decimals, the mint', () => {
    const otherMint = 'So11111111111111111111111111111111111111112'
    const transaction = testTransaction(
      [user],
      [
        {
          program: TOKEN_PROGRAM,
          accounts: [userUsdc, otherMint, receiverUsdc, user],
          data: bytes(12, ...le(1_250n, 8), 3),
        },
        {
          program: TOKEN_PROGRAM,
          accounts: [userUsdc, receiverUsdc, user],
          data: bytes(3, ...le(77n, 8)),
        },
      ],
    )
    const view = describeApproval({ method: 'solana_signTransaction', params: { transaction } })
    expect(view.title).toBe('Sign transaction')
    expect(view.sections[0]).toEqual({ rows: [{ label: 'Network', value: 'Solana' }] })
    expect(view.sections[2]).toMatchObject({
      heading: '1/2 Token transfer',
      rows: expect.arrayContaining([
        { label: 'Amount', value: '1.25' },
        { label: 'Mint', value: otherMint, mono: true },
      ]),
    })
    expect(view.sections[3]?.rows).toContainEqual({
      label: 'Amount',
      value: '77 (base units; the mint is not stated)',
    })
  })

  it('solana_signAllTransactions: each transaction under its own heading, other signers named', () => {
    const transfer = (signers: string[]) =>
      testTransaction(signers, [
        {
          program: SYSTEM_PROGRAM,
          accounts: [user, receiver],
          data: bytes(...le(2n, 4), ...le(1_000n, 8)),
        },
      ])
    const view = describeApproval({
      method: 'solana_signAllTransactions',
      params: { transactions: [transfer([user]), transfer([receiver, user])] },
      solanaNetwork,
    })
    expect(view.title).toBe('Sign transactions')
    expect(view.sections.map((section) => section.heading)).toEqual([
      undefined,
      'Transaction 1 of 2',
      '1/1 SOL transfer',
      'Transaction 2 of 2',
      '1/1 SOL transfer',
    ])
    expect(view.sections[3]?.rows).toEqual([
      { label: 'Fee payer', value: receiver, mono: true },
      { label: 'Also signed by', value: user, mono: true },
    ])
    expect(view.sections[2]?.rows).toContainEqual({ label: 'Amount', value: '0.000001 SOL' })
  })

  it('bytes that are not a transaction: shown raw, with a warning', () => {
    const view = describeApproval({
      method: 'solana_signTransaction',
      params: { transaction: 'AAAA' },
      solanaNetwork,
    })
    expect(view.sections[1]).toEqual({
      heading: 'Transaction',
      block: { text: 'AAAA', mono: true },
    })
    expect(view.warning).toMatch(/could not be decoded/)
  })

  it('a network the server refused: its reason is the warning', () => {
    const view = describeApproval({
      method: 'solana_signMessage',
      params: { message: encodeBase58(bytes(104, 105)), pubkey: user },
      refusal: 'Unsupported chain',
    })
    expect(view.warning).toBe('Unsupported chain')
  })
})
