import { parseCaipAddress } from '@latch/protocol/caip'
import { TOKEN_2022_PROGRAM, unsignedTransaction } from '@latch/protocol/solana-build'
import { encodeBase64 } from '@latch/protocol/solana-wire'
import { LatchError } from '../../errors.ts'
import type { Transfer, TransferFee } from '../types.ts'
import type { SolanaGatewayRpc } from './rpc.ts'
import { type BuiltTransfer, buildSolanaTransfer } from './transfer.ts'

/** What a Solana cluster charges per signature; a transfer carries one (the sender's). */
export const LAMPORTS_PER_SIGNATURE = 5000n
/**
 * An associated token account's size without extensions: 165 bytes, and for Token-2022 the account
 * type byte and the ImmutableOwner extension the associated token program always adds (170).
 */
const TOKEN_ACCOUNT_SIZE = 165
const TOKEN_2022_ACCOUNT_SIZE = 170

/** The fee the chain charges for `message` (signatures, any priority fee), priced by the node. */
async function messageFee(rpc: SolanaGatewayRpc, message: Uint8Array): Promise<bigint | undefined> {
  const { value } = await rpc.call<{ value: number | null }>('getFeeForMessage', [
    encodeBase64(message),
    { commitment: 'confirmed' },
  ])
  return value === null ? undefined : BigInt(value)
}

type Simulated = { value: { err: unknown; accounts?: ({ lamports: number } | null)[] | null } }

/**
 * The lamports the new token account is created with, i.e. its rent: what the chain puts in it when
 * the transfer runs (the simulation; right for any mint's extensions), or, when the simulation
 * cannot run (the sender short of SOL, which the review then says), the rent-exempt minimum of an
 * associated token account without extensions.
 */
async function newAccountRent(
  rpc: SolanaGatewayRpc,
  built: BuiltTransfer,
  account: string,
  mint: string,
): Promise<bigint> {
  const wire = unsignedTransaction(built.message)
  const simulated = await rpc
    .call<Simulated>('simulateTransaction', [
      encodeBase64(wire),
      {
        encoding: 'base64',
        sigVerify: false,
        replaceRecentBlockhash: true,
        commitment: 'confirmed',
        accounts: { addresses: [account], encoding: 'base64' },
      },
    ])
    .catch(() => undefined)
  const created = simulated?.value.err ? undefined : simulated?.value.accounts?.[0]
  if (created) return BigInt(created.lamports)
  const program = built.instructions.find((instruction) =>
    instruction.accounts.some((meta) => meta.address === mint),
  )?.programId
  const size = program === TOKEN_2022_PROGRAM ? TOKEN_2022_ACCOUNT_SIZE : TOKEN_ACCOUNT_SIZE
  return BigInt(await rpc.call<number>('getMinimumBalanceForRentExemption', [size]))
}

/**
 * The exact fee of a transfer from `owner`: the transfer is built as it would be sent and the node
 * prices its message (getFeeForMessage), plus the rent the owner pays when the transfer creates the
 * receiver's token account (included in `fee`, and told apart in `tokenAccountRent`).
 * @example await solanaTransferFee(rpc, owner, { to, amount: 1n, token: 'solana:...:<mint>' })
 */
export async function solanaTransferFee(
  rpc: SolanaGatewayRpc,
  owner: string,
  transfer: Transfer,
): Promise<TransferFee> {
  let built = await buildSolanaTransfer(rpc, owner, transfer)
  let fee = await messageFee(rpc, built.message)
  // The node prices a message only while its blockhash is valid: one fresh build if it went stale.
  if (fee === undefined) {
    built = await buildSolanaTransfer(rpc, owner, transfer)
    fee = await messageFee(rpc, built.message)
  }
  if (fee === undefined)
    throw new LatchError('Network fee unavailable', {
      details: 'getFeeForMessage priced no message: its blockhash expired twice',
    })
  const { newTokenAccount } = built
  if (!newTokenAccount || !transfer.token) return { fee, exact: true }
  const mint = parseCaipAddress(transfer.token).address
  const rent = await newAccountRent(rpc, built, newTokenAccount, mint)
  return { fee: fee + rent, tokenAccountRent: rent, exact: true }
}
