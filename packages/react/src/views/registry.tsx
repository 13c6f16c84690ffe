import {
  approvalTitle,
  type Latch,
  type RouterData,
  SOCIAL_PROVIDER_NAMES,
  type ViewName,
} from '@latch/core'
import type { ComponentType } from 'react'
import { WalletConnectPlaceholder } from '../components/QrPlaceholder.tsx'
import { loadMoreEnglish } from '../i18n/catalogues.ts'
import type { Translate } from '../i18n/I18nContext.ts'

export type ViewEntry = {
  /** The header's title in the modal's language (`known` translates a message core wrote). */
  title(data: RouterData | undefined, t: Translate, known: (english: string) => string): string
  /**
   * Loads the view's code with what its flow needs (a controller's code), so that once it resolves
   * the view renders at once and its buttons act without waiting.
   */
  load(latch: Latch): Promise<ComponentType>
  /** Views a visitor reaches from this one: loaded once it is shown and the page is idle. */
  next?: readonly ViewName[]
  /** What the view shows while its code still loads; else placeholder rows. */
  Placeholder?: ComponentType
}

/**
 * The view `pick`ed from its module, loaded together with the flow code `code` names and, in
 * English, the later part of the English messages (unless its text is all inline, `textInline`).
 */
const view =
  <Module,>(
    importer: () => Promise<Module>,
    pick: (module: Module) => ComponentType,
    code?: (latch: Latch) => Promise<unknown> | undefined,
    textInline = false,
  ) =>
  async (latch: Latch): Promise<ComponentType> => {
    const [module] = await Promise.all([
      importer(),
      code?.(latch),
      textInline ? undefined : englishFor(latch),
    ])
    return pick(module)
  }

// In English, views past Connect read the later part of the English messages: it loads with them.
const englishFor = (latch: Latch) =>
  latch.i18n.state.get().locale === 'en' ? loadMoreEnglish() : undefined

// Every view is its own chunk: the page loads none of them to show its button. The modal loads
// the one it opens at once the page is idle, and each shown view the ones it leads to.

const EMBEDDED_FLOWS = (latch: Latch) => latch.embedded?.loadCode()

/** The modal's views by name; a view not listed here has not been built yet. */
export const VIEW_REGISTRY: Partial<Record<ViewName, ViewEntry>> = {
  Connect: {
    title: (_data, t) => t('title.connectWallet'),
    // Its English is inline: the page loads it before the modal opens.
    load: view(
      () => import('./Connect/Connect.tsx'),
      (module) => module.Connect,
      undefined,
      true,
    ),
    next: [
      'AllWallets',
      'ConnectingExternal',
      'ConnectingWalletConnect',
      'ConnectingWalletConnectBasic',
      'EmailVerifyOtp',
      'ConnectingSocial',
      'ConnectingFarcaster',
      'Networks',
      'WhatIsAWallet',
    ],
  },
  AllWallets: {
    title: (_data, t) => t('title.allWallets'),
    load: view(
      () => import('./AllWallets/AllWallets.tsx'),
      (module) => module.AllWallets,
    ),
    next: ['ConnectingExternal', 'ConnectingWalletConnect'],
  },
  ConnectingExternal: {
    title: (data, t) => data?.wallet?.name ?? t('title.connecting'),
    load: view(
      () => import('./ConnectingExternal/ConnectingExternal.tsx'),
      (module) => module.ConnectingExternal,
    ),
  },
  // WalletConnect's views carry the QR encoder; the WalletConnect client loads when one pairs.
  ConnectingWalletConnect: {
    title: (data) => data?.wallet?.name ?? 'WalletConnect',
    load: view(
      () => import('./ConnectingWalletConnect/ConnectingWalletConnect.tsx'),
      (module) => module.ConnectingWalletConnect,
    ),
    Placeholder: WalletConnectPlaceholder,
    next: ['ConnectingExternal'],
  },
  ConnectingWalletConnectBasic: {
    title: (_data, t) => t('title.walletconnect'),
    load: view(
      () => import('./ConnectingWalletConnect/ConnectingWalletConnect.tsx'),
      (module) => module.ConnectingWalletConnectBasic,
    ),
    Placeholder: WalletConnectPlaceholder,
  },
  Networks: {
    title: (_data, t) => t('title.chooseNetwork'),
    load: view(
      () => import('./Networks/Networks.tsx'),
      (module) => module.Networks,
    ),
  },
  UnsupportedChain: {
    title: (_data, t) => t('title.switchNetwork'),
    load: view(
      () => import('./UnsupportedChain/UnsupportedChain.tsx'),
      (module) => module.UnsupportedChain,
    ),
    next: ['Networks'],
  },
  Account: {
    title: (_data, t) => t('title.account'),
    load: view(
      () => import('./Account/Account.tsx'),
      (module) => module.Account,
      (latch) => latch.history.loadCode(),
    ),
    next: [
      'Send',
      'Receive',
      'Swap',
      'OnRampProviders',
      'Networks',
      'RegisterAccountName',
      'UpdateEmailWallet',
    ],
  },
  Send: {
    title: (_data, t) => t('title.send'),
    load: view(
      () => import('./Send/Send.tsx'),
      (module) => module.Send,
      // The flow itself too: the view reads it synchronously once shown.
      (latch) => Promise.all([latch.names.loadCode(), latch.sendFlow.load()]),
    ),
  },
  SIWXSignMessage: {
    title: (_data, t) => t('title.signIn'),
    load: view(
      () => import('./SIWXSignMessage/SIWXSignMessage.tsx'),
      (module) => module.SIWXSignMessage,
      (latch) => latch.siwx.loadCode(),
    ),
  },
  Receive: {
    title: (_data, t) => t('title.receive'),
    load: view(
      () => import('./Receive/Receive.tsx'),
      (module) => module.Receive,
    ),
  },
  Swap: {
    title: (_data, t) => t('title.swap'),
    load: view(
      () => import('./Swap/Swap.tsx'),
      (module) => module.Swap,
      (latch) => latch.swap.loadCode(),
    ),
  },
  // Email and social login steps: only visitors who log in that way need them.
  EmailVerifyOtp: {
    title: (_data, t) => t('title.confirmEmail'),
    load: view(
      () => import('./EmailVerifyOtp/EmailVerifyOtp.tsx'),
      (module) => module.EmailVerifyOtp,
      EMBEDDED_FLOWS,
    ),
    next: ['EmailVerifyDevice'],
  },
  EmailVerifyDevice: {
    title: (_data, t) => t('title.registerDevice'),
    load: view(
      () => import('./EmailVerifyDevice/EmailVerifyDevice.tsx'),
      (module) => module.EmailVerifyDevice,
      EMBEDDED_FLOWS,
    ),
  },
  ConnectingSocial: {
    title: (data, t) =>
      data?.social ? SOCIAL_PROVIDER_NAMES[data.social] : t('title.socialLogin'),
    load: view(
      () => import('./ConnectingSocial/ConnectingSocial.tsx'),
      (module) => module.ConnectingSocial,
      EMBEDDED_FLOWS,
    ),
  },
  ConnectingFarcaster: {
    title: (_data, t) => t('title.farcaster'),
    load: view(
      () => import('./ConnectingFarcaster/ConnectingFarcaster.tsx'),
      (module) => module.ConnectingFarcaster,
    ),
  },
  ApproveTransaction: {
    title: (data, _t, known) => known(approvalTitle(data?.approvalMethod)),
    load: view(
      () => import('./ApproveTransaction/ApproveTransaction.tsx'),
      (module) => module.ApproveTransaction,
    ),
  },
  UpdateEmailWallet: {
    title: (_data, t) => t('title.editEmail'),
    load: view(
      () => import('./UpdateEmailWallet/UpdateEmailWallet.tsx'),
      (module) => module.UpdateEmailWallet,
      EMBEDDED_FLOWS,
    ),
    next: ['UpdateEmailPrimaryOtp', 'UpdateEmailSecondaryOtp'],
  },
  UpdateEmailPrimaryOtp: {
    title: (_data, t) => t('title.confirmCurrentEmail'),
    load: view(
      () => import('./UpdateEmailPrimaryOtp/UpdateEmailPrimaryOtp.tsx'),
      (module) => module.UpdateEmailPrimaryOtp,
      EMBEDDED_FLOWS,
    ),
    next: ['UpdateEmailSecondaryOtp'],
  },
  UpdateEmailSecondaryOtp: {
    title: (_data, t) => t('title.confirmNewEmail'),
    load: view(
      () => import('./UpdateEmailSecondaryOtp/UpdateEmailSecondaryOtp.tsx'),
      (module) => module.UpdateEmailSecondaryOtp,
      EMBEDDED_FLOWS,
    ),
  },
  // Names: a visitor registers one once.
  // The account's smart sessions: their code (core's sessions) loads with the view.
  Sessions: {
    title: (_data, t) => t('title.sessions'),
    load: view(
      () => import('./Sessions/Sessions.tsx'),
      (module) => module.Sessions,
      (latch) => latch.sessions.load(),
    ),
  },
  RegisterAccountName: {
    title: (_data, t) => t('title.chooseAName'),
    load: view(
      () => import('./RegisterAccountName/RegisterAccountName.tsx'),
      (module) => module.RegisterAccountName,
      (latch) => latch.names.loadCode(),
    ),
    next: ['RegisterAccountNameSuccess'],
  },
  RegisterAccountNameSuccess: {
    title: (_data, t) => t('title.nameRegistered'),
    load: view(
      () => import('./RegisterAccountNameSuccess/RegisterAccountNameSuccess.tsx'),
      (module) => module.RegisterAccountNameSuccess,
    ),
  },
  // Buying crypto: the on-ramp's code loads with its first view.
  OnRampProviders: {
    title: (_data, t) => t('title.chooseProvider'),
    load: view(
      () => import('./OnRampProviders/OnRampProviders.tsx'),
      (module) => module.OnRampProviders,
      (latch) => latch.onramp.loadCode(),
    ),
    next: ['OnRampBuy'],
  },
  OnRampBuy: {
    title: (_data, t) => t('title.buyCrypto'),
    load: view(
      () => import('./OnRampBuy/OnRampBuy.tsx'),
      (module) => module.OnRampBuy,
      (latch) => latch.onramp.loadCode(),
    ),
    next: ['OnRampTokenSelect', 'OnRampFiatSelect', 'BuyInProgress'],
  },
  OnRampTokenSelect: {
    title: (_data, t) => t('title.chooseToken'),
    load: view(
      () => import('./OnRampTokenSelect/OnRampTokenSelect.tsx'),
      (module) => module.OnRampTokenSelect,
      (latch) => latch.onramp.loadCode(),
    ),
  },
  OnRampFiatSelect: {
    title: (_data, t) => t('title.chooseCurrency'),
    load: view(
      () => import('./OnRampFiatSelect/OnRampFiatSelect.tsx'),
      (module) => module.OnRampFiatSelect,
      (latch) => latch.onramp.loadCode(),
    ),
  },
  BuyInProgress: {
    title: (_data, t) => t('title.buyInProgress'),
    load: view(
      () => import('./BuyInProgress/BuyInProgress.tsx'),
      (module) => module.BuyInProgress,
      (latch) => latch.onramp.loadCode(),
    ),
  },
  // Help for visitors without a wallet: most visitors never open it.
  WhatIsAWallet: {
    title: (_data, t) => t('title.whatIsAWallet'),
    load: view(
      () => import('./WhatIsAWallet/WhatIsAWallet.tsx'),
      (module) => module.WhatIsAWallet,
    ),
    next: ['AllWallets'],
  },
}

/**
 * The views the modal opens at by itself or from the button, for the instance's state now: the
 * page loads them once idle, so opening the modal costs no round trip. Others (Networks, opened
 * by a site's own button) load with the view that leads to them, or on first use.
 */
export function firstViews(latch: Latch): ViewName[] {
  const connected = latch.account.get().status === 'connected'
  // A wallet moving to a network the site does not list opens UnsupportedChain.
  const views: ViewName[] = connected ? ['Account', 'UnsupportedChain'] : ['Connect']
  // A sign-in is asked for right after connecting; an embedded wallet asks for approvals.
  if (latch.siwx.enabled) views.push('SIWXSignMessage')
  if (connected && latch.embedded?.state.get().user) views.push('ApproveTransaction')
  return views
}
