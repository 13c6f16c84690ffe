import { z } from 'zod'
import { READ_COMMITMENT, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './programs.ts'
import type { SolanaRpc } from './rpc.ts'

/** What an address holds on a Solana chain: lamports, and base units per mint. */
export type SolanaHoldings = {
  lamports: bigint
  /** Every mint with a non-zero balance, summed over the owner's token accounts, with decimals. */
  tokens: Map<string, { amount: bigint; decimals: number }>
}

const balanceAnswer = z.object({ value: z.number().int().nonnegative() })

const tokenAccountsAnswer = z.object({
  value: z.array(
    z.object({
      account: z.object({
        data: z.object({
          parsed: z.object({
            info: z.object({
              mint: z.string(),
              tokenAmount: z.object({ amount: z.string(), decimals: z.number().int() }),
            }),
          }),
        }),
      }),
    }),
  ),
})

/**
 * Reads lamports and the token accounts of both token programs in one JSON-RPC batch: one upstream
 * request, whatever the number of tokens the owner holds.
 */
export async function readSolanaHoldings(rpc: SolanaRpc, owner: string): Promise<SolanaHoldings> {
  const config = { commitment: READ_COMMITMENT }
  const parsed = { commitment: READ_COMMITMENT, encoding: 'jsonParsed' }
  const [balance, classic, extensions] = await rpc.batch<[unknown, unknown, unknown]>([
    { method: 'getBalance', params: [owner, config] },
    { method: 'getTokenAccountsByOwner', params: [owner, { programId: TOKEN_PROGRAM }, parsed] },
    {
      method: 'getTokenAccountsByOwner',
      params: [owner, { programId: TOKEN_2022_PROGRAM }, parsed],
    },
  ])
  const tokens = new Map<string, { amount: bigint; decimals: number }>()
  for (const answer of [classic, extensions]) {
    for (const { account } of tokenAccountsAnswer.parse(answer).value) {
      const { mint, tokenAmount } = account.data.parsed.info
      const amount = BigInt(tokenAmount.amount)
      if (amount === 0n) continue
      const held = tokens.get(mint)
      tokens.set(mint, { amount: (held?.amount ?? 0n) + amount, decimals: tokenAmount.decimals })
    }
  }
  return { lamports: BigInt(balanceAnswer.parse(balance).value), tokens }
}
