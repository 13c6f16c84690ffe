export {
  type BitcoinTestWallet,
  type BitcoinTestWalletOptions,
  installBitcoinTestWallet,
  installSatsConnectTestWallet,
} from './bitcoin/install.ts'
export type { MessageProtocol, ReportedAddress } from './bitcoin/walletCore.ts'
export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
export { ErrorCode } from './errors.ts'
export {
  type Decision,
  installTestWallet,
  type TestWallet,
  type TestWalletOptions,
  type WalletRequest,
} from './install.ts'
export {
  installMultichainTestWallet,
  type MultichainTestWallet,
  type MultichainTestWalletOptions,
} from './multichain.ts'
export {
  installPolkadotTestWallet,
  type PolkadotTestWallet,
  type PolkadotTestWalletOptions,
} from './polkadot/install.ts'
export type {
  InjectedAccount,
  PolkadotKeyType,
  PolkadotTestAccount,
} from './polkadot/walletCore.ts'
export {
  installSolanaTestWallet,
  type SolanaTestWallet,
  type SolanaTestWalletOptions,
} from './solana/install.ts'
export {
  SOLANA_TEST_WALLET_FEATURES,
  type SolanaTestWalletFeatures,
  type StandardSolanaTestWallet,
} from './solana/standard.ts'
