import { address } from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
} from '@solana-program/token'
import { buildTransaction, signerOf } from './build.ts'
import type { SolanaChain } from './chain.ts'
import {
  ACCOUNT_SOL,
  ACCOUNT_USDC,
  FAUCET_LAMPORTS,
  FAUCET_SEED_TEXT,
  SOLANA_ACCOUNT_COUNT,
  TOKEN_PROGRAM,
  USDC,
  USDC_AUTHORITY_SEED_TEXT,
  USDC_MINT_SEED_TEXT,
} from './constants.ts'
import { keypairFromMnemonic, keypairFromText, type SolanaKeypair } from './keys.ts'
import { submitOwnTransaction } from './submit.ts'

// A mint's data size: what its account is created with.
const MINT_SIZE = 82

export type SolanaGenesis = {
  faucet: SolanaKeypair
  usdcMint: SolanaKeypair
  usdcAuthority: SolanaKeypair
  accounts: SolanaKeypair[]
}

/** The fixed keys: the faucet, the USDC mint and its authority, and the accounts of `mnemonic`. */
export function genesisKeys(mnemonic: string): SolanaGenesis {
  return {
    faucet: keypairFromText(FAUCET_SEED_TEXT),
    usdcMint: keypairFromText(USDC_MINT_SEED_TEXT),
    usdcAuthority: keypairFromText(USDC_AUTHORITY_SEED_TEXT),
    accounts: Array.from({ length: SOLANA_ACCOUNT_COUNT }, (_, index) =>
      keypairFromMnemonic(mnemonic, index),
    ),
  }
}

/**
 * Funds the faucet at genesis, then creates USDC and pays every account its SOL and USDC with
 * ordinary signed transactions, so their history shows where the funds came from.
 */
export async function fundGenesis(chain: SolanaChain, keys: SolanaGenesis): Promise<void> {
  const { faucet, usdcMint, usdcAuthority, accounts } = keys
  chain.setGenesisBalance(faucet.address, FAUCET_LAMPORTS)
  const mint = address(usdcMint.address)
  const tokenProgram = address(TOKEN_PROGRAM)
  const rent = chain.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))
  submitOwnTransaction(
    chain,
    buildTransaction(
      [
        getCreateAccountInstruction({
          payer: signerOf(faucet),
          newAccount: signerOf(usdcMint),
          lamports: rent,
          space: MINT_SIZE,
          programAddress: tokenProgram,
        }),
        getInitializeMint2Instruction({
          mint,
          decimals: USDC.decimals,
          mintAuthority: address(usdcAuthority.address),
          freezeAuthority: null,
        }),
      ],
      [faucet, usdcMint],
      chain.latestBlockhash,
    ),
  )
  const atas = await Promise.all(
    accounts.map(
      async (account) =>
        (await findAssociatedTokenPda({ owner: address(account.address), mint, tokenProgram }))[0],
    ),
  )
  accounts.forEach((account, index) => {
    const ata = atas[index]
    if (!ata) return
    submitOwnTransaction(
      chain,
      buildTransaction(
        [
          getTransferSolInstruction({
            source: signerOf(faucet),
            destination: address(account.address),
            amount: ACCOUNT_SOL,
          }),
          getCreateAssociatedTokenIdempotentInstruction({
            payer: signerOf(faucet),
            ata,
            owner: address(account.address),
            mint,
          }),
          getMintToInstruction({
            mint,
            token: ata,
            mintAuthority: signerOf(usdcAuthority),
            amount: ACCOUNT_USDC,
          }),
        ],
        [faucet, usdcAuthority],
        chain.latestBlockhash,
      ),
    )
  })
}
