import { parseCaipAddress } from '@latch/protocol/caip'
import { isSolanaAddress } from '@latch/protocol/solana'
import { associatedTokenAddress } from '@latch/protocol/solana-build'
import type { Transfer, TransferFee } from '../types.ts'
import type { SolanaGatewayRpc } from './rpc.ts'

/** What a Solana cluster charges per signature; a transfer carries one (the sender's). */
export const LAMPORTS_PER_SIGNATURE = 5000n
/** The size of an SPL token account: what the rent of a new one is reckoned on. */
const TOKEN_ACCOUNT_SIZE = 165

type Owned = { value: { owner: string } | null }

/**
 * The fee of a transfer, known without simulating it: one signature, plus the rent the sender pays
 * when the receiver has no account of the token yet and the transfer creates it.
 * @example await solanaTransferFee(rpc, { to, amount: 1n, token: 'solana:...:<mint>' })
 */
export async function solanaTransferFee(
  rpc: SolanaGatewayRpc,
  transfer: Transfer,
): Promise<TransferFee> {
  const fee = { fee: LAMPORTS_PER_SIGNATURE }
  if (!transfer.token) return fee
  const mint = parseCaipAddress(transfer.token).address
  if (!isSolanaAddress(mint) || !isSolanaAddress(transfer.to)) return fee
  const options = {
    encoding: 'base64',
    commitment: 'confirmed',
    dataSlice: { offset: 0, length: 0 },
  }
  const { value: mintAccount } = await rpc.call<Owned>('getAccountInfo', [mint, options])
  if (!mintAccount) return fee
  const destination = await associatedTokenAddress(transfer.to, mint, mintAccount.owner)
  const { value: existing } = await rpc.call<Owned>('getAccountInfo', [destination, options])
  if (existing) return fee
  const rent = BigInt(
    await rpc.call<number>('getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE]),
  )
  return { fee: LAMPORTS_PER_SIGNATURE + rent, tokenAccountRent: rent }
}
