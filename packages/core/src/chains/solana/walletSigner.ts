import type { CaipNetworkId } from '@latch/protocol'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { LatchError, UserRejectedError } from '../../errors.ts'
import type { SolanaSigner } from './transfer.ts'
import {
  featureOf,
  type SignAndSendTransactionFeature,
  type SignTransactionFeature,
  walletChainOf,
} from './walletStandard.ts'

/** A connected Wallet Standard wallet's Solana account, on the network the kit uses it on. */
export type SolanaSession = { wallet: Wallet; account: WalletAccount; caipNetworkId: CaipNetworkId }

/** Wallets decline with code 4001 (as EIP-1193 does) on the error or its cause. */
export function rethrowRejection(error: unknown): never {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } }
  if (code === 4001 || cause?.code === 4001)
    throw new UserRejectedError('User rejected the request', { cause: error })
  throw error
}

/** The chains the account is on, else (an account that names none) the wallet's. */
export const chainsOf = (wallet: Wallet, account?: WalletAccount) =>
  account && account.chains.length > 0 ? account.chains : wallet.chains

/** The connected wallet as a transaction signer: sign-and-send preferred, with the network. */
export function walletSigner({ wallet, account, caipNetworkId }: SolanaSession): SolanaSigner {
  const chain = walletChainOf(chainsOf(wallet, account), caipNetworkId) ?? caipNetworkId
  const signAndSend = featureOf<SignAndSendTransactionFeature, 'solana:signAndSendTransaction'>(
    wallet,
    'solana:signAndSendTransaction',
  )
  const sign = featureOf<SignTransactionFeature, 'solana:signTransaction'>(
    wallet,
    'solana:signTransaction',
  )
  return {
    address: account.address,
    ...(signAndSend
      ? {
          signAndSendTransaction: async (transaction) => {
            const [result] = await signAndSend
              .signAndSendTransaction({ account, transaction, chain })
              .catch(rethrowRejection)
            if (!result) throw new LatchError('The wallet sent no signature')
            return result.signature
          },
        }
      : {}),
    ...(sign
      ? {
          signTransaction: async (transaction) => {
            const [result] = await sign
              .signTransaction({ account, transaction, chain })
              .catch(rethrowRejection)
            if (!result) throw new LatchError('The wallet signed nothing')
            return result.signedTransaction
          },
        }
      : {}),
  }
}
