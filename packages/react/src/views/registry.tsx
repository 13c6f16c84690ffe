import { approvalTitle, type RouterData, SOCIAL_PROVIDER_NAMES, type ViewName } from '@latch/core'
import { type ComponentType, lazy } from 'react'
import { Account } from './Account/Account.tsx'
import { AllWallets } from './AllWallets/AllWallets.tsx'
import { Connect } from './Connect/Connect.tsx'
import { ConnectingExternal } from './ConnectingExternal/ConnectingExternal.tsx'
import { Networks } from './Networks/Networks.tsx'
import { SIWXSignMessage } from './SIWXSignMessage/SIWXSignMessage.tsx'
import { UnsupportedChain } from './UnsupportedChain/UnsupportedChain.tsx'

// WalletConnect's views carry the QR encoder; they load when chosen, with the WalletConnect client.
const ConnectingWalletConnect = lazy(() =>
  import('./ConnectingWalletConnect/ConnectingWalletConnect.tsx').then((module) => ({
    default: module.ConnectingWalletConnect,
  })),
)
const ConnectingWalletConnectBasic = lazy(() =>
  import('./ConnectingWalletConnect/ConnectingWalletConnect.tsx').then((module) => ({
    default: module.ConnectingWalletConnectBasic,
  })),
)

const Send = lazy(() => import('./Send/Send.tsx').then((module) => ({ default: module.Send })))
const Receive = lazy(() =>
  import('./Receive/Receive.tsx').then((module) => ({ default: module.Receive })),
)
// Swap carries the token picker and quote details; it loads when opened.
const Swap = lazy(() => import('./Swap/Swap.tsx').then((module) => ({ default: module.Swap })))

// Email and social login steps: only visitors who log in that way need them.
const EmailVerifyOtp = lazy(() =>
  import('./EmailVerifyOtp/EmailVerifyOtp.tsx').then((module) => ({
    default: module.EmailVerifyOtp,
  })),
)
const EmailVerifyDevice = lazy(() =>
  import('./EmailVerifyDevice/EmailVerifyDevice.tsx').then((module) => ({
    default: module.EmailVerifyDevice,
  })),
)
const ConnectingSocial = lazy(() =>
  import('./ConnectingSocial/ConnectingSocial.tsx').then((module) => ({
    default: module.ConnectingSocial,
  })),
)
const ApproveTransaction = lazy(() =>
  import('./ApproveTransaction/ApproveTransaction.tsx').then((module) => ({
    default: module.ApproveTransaction,
  })),
)
const UpdateEmailWallet = lazy(() =>
  import('./UpdateEmailWallet/UpdateEmailWallet.tsx').then((module) => ({
    default: module.UpdateEmailWallet,
  })),
)
const UpdateEmailPrimaryOtp = lazy(() =>
  import('./UpdateEmailPrimaryOtp/UpdateEmailPrimaryOtp.tsx').then((module) => ({
    default: module.UpdateEmailPrimaryOtp,
  })),
)
const UpdateEmailSecondaryOtp = lazy(() =>
  import('./UpdateEmailSecondaryOtp/UpdateEmailSecondaryOtp.tsx').then((module) => ({
    default: module.UpdateEmailSecondaryOtp,
  })),
)

// Names: a visitor registers one once, so its two views load when opened.
const RegisterAccountName = lazy(() =>
  import('./RegisterAccountName/RegisterAccountName.tsx').then((module) => ({
    default: module.RegisterAccountName,
  })),
)
const RegisterAccountNameSuccess = lazy(() =>
  import('./RegisterAccountNameSuccess/RegisterAccountNameSuccess.tsx').then((module) => ({
    default: module.RegisterAccountNameSuccess,
  })),
)

// Buying crypto: loaded when the visitor chooses Buy.
const OnRampProviders = lazy(() =>
  import('./OnRampProviders/OnRampProviders.tsx').then((module) => ({
    default: module.OnRampProviders,
  })),
)
const OnRampBuy = lazy(() =>
  import('./OnRampBuy/OnRampBuy.tsx').then((module) => ({ default: module.OnRampBuy })),
)
const OnRampTokenSelect = lazy(() =>
  import('./OnRampTokenSelect/OnRampTokenSelect.tsx').then((module) => ({
    default: module.OnRampTokenSelect,
  })),
)
const OnRampFiatSelect = lazy(() =>
  import('./OnRampFiatSelect/OnRampFiatSelect.tsx').then((module) => ({
    default: module.OnRampFiatSelect,
  })),
)
const BuyInProgress = lazy(() =>
  import('./BuyInProgress/BuyInProgress.tsx').then((module) => ({ default: module.BuyInProgress })),
)

export type ViewEntry = { title(data: RouterData | undefined): string; Component: ComponentType }

/** The modal's views by name; a view not listed here has not been built yet. */
export const VIEW_REGISTRY: Partial<Record<ViewName, ViewEntry>> = {
  Connect: { title: () => 'Connect Wallet', Component: Connect },
  AllWallets: { title: () => 'All Wallets', Component: AllWallets },
  ConnectingExternal: {
    title: (data) => data?.wallet?.name ?? 'Connecting',
    Component: ConnectingExternal,
  },
  ConnectingWalletConnect: {
    title: (data) => data?.wallet?.name ?? 'WalletConnect',
    Component: ConnectingWalletConnect,
  },
  ConnectingWalletConnectBasic: {
    title: () => 'WalletConnect',
    Component: ConnectingWalletConnectBasic,
  },
  Networks: { title: () => 'Choose Network', Component: Networks },
  UnsupportedChain: { title: () => 'Switch Network', Component: UnsupportedChain },
  Account: { title: () => 'Account', Component: Account },
  Send: { title: () => 'Send', Component: Send },
  SIWXSignMessage: { title: () => 'Sign In', Component: SIWXSignMessage },
  Receive: { title: () => 'Receive', Component: Receive },
  Swap: { title: () => 'Swap', Component: Swap },
  EmailVerifyOtp: { title: () => 'Confirm Email', Component: EmailVerifyOtp },
  EmailVerifyDevice: { title: () => 'Register Device', Component: EmailVerifyDevice },
  ConnectingSocial: {
    title: (data) => (data?.social ? SOCIAL_PROVIDER_NAMES[data.social] : 'Social Login'),
    Component: ConnectingSocial,
  },
  ApproveTransaction: {
    title: (data) => approvalTitle(data?.approvalMethod),
    Component: ApproveTransaction,
  },
  UpdateEmailWallet: { title: () => 'Edit Email', Component: UpdateEmailWallet },
  UpdateEmailPrimaryOtp: { title: () => 'Confirm Current Email', Component: UpdateEmailPrimaryOtp },
  UpdateEmailSecondaryOtp: { title: () => 'Confirm New Email', Component: UpdateEmailSecondaryOtp },
  RegisterAccountName: { title: () => 'Choose a Name', Component: RegisterAccountName },
  RegisterAccountNameSuccess: {
    title: () => 'Name Registered',
    Component: RegisterAccountNameSuccess,
  },
  OnRampProviders: { title: () => 'Choose Provider', Component: OnRampProviders },
  OnRampBuy: { title: () => 'Buy Crypto', Component: OnRampBuy },
  OnRampTokenSelect: { title: () => 'Choose Token', Component: OnRampTokenSelect },
  OnRampFiatSelect: { title: () => 'Choose Currency', Component: OnRampFiatSelect },
  BuyInProgress: { title: () => 'Buy in Progress', Component: BuyInProgress },
}
