import { z } from 'zod'

const tokenBalance = z.object({
  accountIndex: z.number().int().nonnegative(),
  mint: z.string(),
  owner: z.string().optional(),
  uiTokenAmount: z.object({ amount: z.string(), decimals: z.number().int().nonnegative() }),
})

/** The parts of `getTransaction` (encoding `json`) that history reads. */
export const solanaTransactionAnswer = z.object({
  slot: z.number().int().nonnegative(),
  blockTime: z.number().int().nullable().optional(),
  meta: z.object({
    err: z.unknown().nullable(),
    fee: z.number().int().nonnegative(),
    preBalances: z.array(z.number()),
    postBalances: z.array(z.number()),
    preTokenBalances: z.array(tokenBalance).nullable().optional(),
    postTokenBalances: z.array(tokenBalance).nullable().optional(),
    loadedAddresses: z
      .object({ writable: z.array(z.string()), readonly: z.array(z.string()) })
      .nullable()
      .optional(),
  }),
  transaction: z.object({
    signatures: z.array(z.string()).min(1),
    message: z.object({
      accountKeys: z.array(z.string()).min(1),
      instructions: z.array(z.object({ programIdIndex: z.number().int().nonnegative() })),
    }),
  }),
})

/** A change of one owner's balance of one asset (`mint` '' for SOL), in base units. */
export type BalanceChange = { owner: string; mint: string; delta: bigint; decimals: number }

export type ParsedSolanaTransaction = {
  signature: string
  slot: number
  blockTime: number | null
  feePayer: string
  fee: bigint
  status: 'confirmed' | 'failed'
  firstProgram: string
  changes: BalanceChange[]
}

/** Lamports per SOL, as decimals of the SOL entries. */
const SOL_DECIMALS = 9

/**
 * What a transaction did to each account, read from its balances before and after rather than
 * from its instructions: every program's transfers count, including those made by a program
 * on the owner's behalf, and a failed transaction shows only its fee, which it did pay. The fee
 * is taken out of the fee payer's SOL change, so a send lists the amount sent.
 */
export function parseSolanaTransaction(answer: unknown): ParsedSolanaTransaction {
  const { slot, blockTime, meta, transaction } = solanaTransactionAnswer.parse(answer)
  const { accountKeys } = transaction.message
  // A versioned transaction's accounts from lookup tables follow its own, writable first.
  const keys = [
    ...accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ]
  const feePayer = accountKeys[0] as string
  const fee = BigInt(meta.fee)
  const changes = new Map<string, BalanceChange>()
  const add = (owner: string, mint: string, delta: bigint, decimals: number) => {
    const key = `${owner} ${mint}`
    const change = changes.get(key) ?? { owner, mint, delta: 0n, decimals }
    change.delta += delta
    changes.set(key, change)
  }
  const lamportsOf = (index: number) =>
    BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0)
  // Token accounts are not wallets: their lamports are rent. The rent a new one was funded with
  // is a cost of the fee payer, like the fee, not a transfer to a counterparty.
  const pre = new Set((meta.preTokenBalances ?? []).map((balance) => balance.accountIndex))
  const post = new Set((meta.postTokenBalances ?? []).map((balance) => balance.accountIndex))
  let rent = 0n
  for (const index of post) if (!pre.has(index)) rent += lamportsOf(index)
  keys.forEach((key, index) => {
    if (pre.has(index) || post.has(index)) return
    add(key, '', lamportsOf(index) + (index === 0 ? fee + rent : 0n), SOL_DECIMALS)
  })
  // A token account missing on one side was opened or closed by the transaction: zero there.
  for (const [sign, balances] of [
    [-1n, meta.preTokenBalances ?? []],
    [1n, meta.postTokenBalances ?? []],
  ] as const) {
    for (const balance of balances) {
      const owner = balance.owner ?? keys[balance.accountIndex]
      if (!owner) continue
      const { amount, decimals } = balance.uiTokenAmount
      add(owner, balance.mint, sign * BigInt(amount), decimals)
    }
  }
  const firstInstruction = transaction.message.instructions[0]
  return {
    signature: transaction.signatures[0] as string,
    slot,
    blockTime: blockTime ?? null,
    feePayer,
    fee,
    status: meta.err === null || meta.err === undefined ? 'confirmed' : 'failed',
    firstProgram: firstInstruction ? (keys[firstInstruction.programIdIndex] ?? '') : '',
    changes: [...changes.values()].filter((change) => change.delta !== 0n),
  }
}
