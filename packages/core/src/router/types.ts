import type { SocialLoginProvider } from '@latch/protocol/frame'
import type { CaipNetwork } from '../siteTypes.ts'

/**
 * What the kit keeps of a wallet to list it again among the recent wallets. The Connecting view's
 * data names it too, so it lives here, below the connection that keeps it.
 */
export type WalletSummary = {
  /** The registry id, or the connector id for a wallet the registry does not list. */
  id: string
  name: string
  imageUrl?: string
  /** The EIP-6963 reverse-DNS name, when the wallet announces one. */
  rdns?: string
}

/**
 * The modal's views plus Networks (the network picker), Send, Receive, the email and
 * social login steps, the on-ramp's, WhatIsAWallet (help for visitors without a wallet) and
 * Sessions (the account's smart sessions); add a
 * name here to add a view.
 */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'ConnectingWalletConnect',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'ApproveTransaction',
  'Swap',
  'SIWXSignMessage',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Networks',
  'Send',
  'Receive',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'ConnectingSocial',
  'UpdateEmailWallet',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
  'OnRampProviders',
  'OnRampBuy',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'BuyInProgress',
  'WhatIsAWallet',
  'Sessions',
] as const

export type ViewName = (typeof VIEWS)[number]

/** What a view needs beyond its name, e.g. the wallet being connected. */
export type RouterData = {
  wallet?: WalletSummary
  network?: CaipNetwork
  /** The provider of the social login being connected (ConnectingSocial). */
  social?: SocialLoginProvider
  /** The name just registered (RegisterAccountNameSuccess). */
  name?: string
  /** The wallet method ApproveTransaction waits for, e.g. `personal_sign`: its title says what. */
  approvalMethod?: string
}

export type RouterState = {
  /** The view shown: always the last entry of `history`. */
  view: ViewName
  /** Never empty; starts at ['Connect']. */
  history: readonly ViewName[]
  data?: RouterData
}

/** An entry of the transaction stack: where to go on success and what to run on each outcome. */
export type TransactionAction = {
  /** On success, pushed (or, with `replace`, put in place of the current view). */
  view?: ViewName
  /** On success, go back instead of going to `view`. */
  goBack?: boolean
  replace?: boolean
  onSuccess?: () => void
  onError?: () => void
  onCancel?: () => void
}

export type TransactionResult = 'success' | 'error' | 'cancel'
