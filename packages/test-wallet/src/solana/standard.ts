import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { WalletWithFeatures } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'

/** The features the Solana test wallet registers, as the Wallet Standard packages type them. */
export type SolanaTestWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature &
  SolanaSignInFeature

/**
 * The wallet object a page finds with `getWallets().get()`: a test that evaluates in the page can
 * cast to it. The page script is plain JavaScript, so this type is its contract.
 */
export type StandardSolanaTestWallet = WalletWithFeatures<SolanaTestWalletFeatures>

/** The feature names, in the order the wallet lists them. */
export const SOLANA_TEST_WALLET_FEATURES = [
  'standard:connect',
  'standard:disconnect',
  'standard:events',
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
  'solana:signIn',
] as const satisfies readonly (keyof SolanaTestWalletFeatures)[]
