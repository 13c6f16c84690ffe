import {
  ACCOUNT_TABS,
  type ChainNamespace,
  formatDecimal,
  namesServe,
  ONRAMP_NAMESPACES,
  SWAP_NAMESPACES,
  shortenHex,
} from '@latch/core'
import { lazy, Suspense, useState } from 'react'
import { AccountAvatar } from '../../components/AccountAvatar.tsx'
import { onArrowKeys } from '../../components/arrowKeys.ts'
import { DisconnectButton } from '../../components/DisconnectButton.tsx'
import { RegionRestricted } from '../../components/RegionRestricted.tsx'
import { SkeletonRows, SkeletonText } from '../../components/Skeleton.tsx'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useLatchInstance } from '../../context.ts'
import { useLatchAccount, useLatchNetwork } from '../../hooks/useLatch.ts'
import { useStore } from '../../hooks/useStore.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { ActivityTab } from './ActivityTab.tsx'
import { FamilyAccounts } from './FamilyAccounts.tsx'
import { TokensTab } from './TokensTab.tsx'
import { useHasSessions } from './useHasSessions.ts'

// The NFTs tab's code (grid, detail, send) loads when the tab is first opened.
const NftsTab = lazy(() => import('./NftsTab.tsx').then((module) => ({ default: module.NftsTab })))

// Only a visitor with a smart account is offered the switch: its code loads for them alone.
const AccountTypeSwitch = lazy(() =>
  import('./AccountTypeSwitch.tsx').then((module) => ({ default: module.AccountTypeSwitch })),
)

type AccountAction = {
  view: 'Send' | 'Receive' | 'Swap' | 'OnRampProviders'
  feature: 'send' | 'receive' | 'swaps' | 'onramp'
  label: MessageKey
  needsSupportedNetwork: boolean
  /** The chain families the action serves; absent for all. Another family's account has no button. */
  families?: readonly ChainNamespace[]
}

/**
 * The account's actions, each behind its feature and shown only on the chain families it serves
 * (a button that could only say "not supported" is no button); those that need one of the site's
 * networks are off while the wallet is on another (an address to receive at is still one).
 */
const ACTIONS: readonly AccountAction[] = [
  { view: 'Send', feature: 'send', label: 'account.send', needsSupportedNetwork: true },
  {
    view: 'Receive',
    feature: 'receive',
    label: 'account.receive',
    needsSupportedNetwork: false,
  },
  {
    view: 'Swap',
    feature: 'swaps',
    label: 'account.swap',
    needsSupportedNetwork: true,
    families: SWAP_NAMESPACES,
  },
  {
    view: 'OnRampProviders',
    feature: 'onramp',
    label: 'account.buy',
    needsSupportedNetwork: true,
    families: ONRAMP_NAMESPACES,
  },
]

/**
 * The connected account: its name and avatar when it has them (else a way to get a name), address,
 * wallet, balance, network, tabs, disconnect.
 */
export function Account() {
  const latch = useLatchInstance()
  const { t, known, locale } = useI18n()
  const account = useLatchAccount()
  const network = useLatchNetwork()
  const accounts = useStore(latch.account.state)
  const current = accounts.byNamespace[accounts.activeNamespace]?.currentTab
  // NFTs are listed for EVM accounts only; a tab not shown (NFTs for another family) opens Tokens.
  const tabs = ACCOUNT_TABS.filter(
    (name) => name !== 'NFTs' || accounts.activeNamespace === 'eip155',
  )
  const tab = tabs.find((name) => name === current) ?? 'Tokens'
  const features = useStore(latch.features)
  const region = useStore(latch.region)
  const { providers } = useStore(latch.onramp.state)
  const [copied, setCopied] = useState(false)
  const active = accounts.byNamespace[accounts.activeNamespace]
  const isEvm = accounts.activeNamespace === 'eip155'
  const hasSmartAccount =
    isEvm && (active?.allAccounts ?? []).some((entry) => entry.type === 'smartAccount')
  const actsAsSmartAccount =
    hasSmartAccount && active?.preferredAccountTypes.eip155 === 'smartAccount'
  // Sessions: for every EVM account on a site that grants them (its option, or its use of the
  // sessions API on this visit), else for a smart account with some.
  const siteSessions =
    latch.options.features.sessions === true || latch.sessions.current() !== undefined
  const hasSessions = useHasSessions(
    actsAsSmartAccount && !siteSessions,
    account.address,
    network.caipNetwork?.caipNetworkId,
  )
  const showSessions = isEvm && !network.unsupported && (siteSessions || hasSessions)
  if (!account.address) return null
  const address = account.address

  const copy = () => {
    navigator.clipboard?.writeText(address).then(
      () => {
        setCopied(true)
        latch.snackbar.showSuccess(t('account.addressCopied'))
      },
      () => latch.snackbar.showError(t('account.copyFailed')),
    )
  }

  return (
    <div className="latch-list">
      <div className="latch-center">
        <span className="latch-account-avatar">
          <AccountAvatar address={address} profileImage={account.profileImage} size={72} />
          {account.connectedWalletInfo && (
            <WalletImage
              src={account.connectedWalletInfo.icon}
              name={account.connectedWalletInfo.name}
              size="sm"
            />
          )}
        </span>
        <FamilyAccounts />
        {account.profileName && (
          <p className="latch-profile-name" data-testid="latch-account-name">
            {account.profileName}
          </p>
        )}
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          data-size={account.profileName ? 'sm' : undefined}
          onClick={copy}
          title={address}
        >
          <span data-testid="latch-account-view-address">{shortenHex(address)}</span>
          {copied ? (
            <span aria-hidden="true">✓</span>
          ) : (
            <svg
              width="14"
              height="14"
              viewBox="0 0 14 14"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
            >
              <rect x="4.5" y="4.5" width="8" height="8" rx="2" />
              <path d="M9.5 2.5v-.5a1.5 1.5 0 0 0-1.5-1.5h-5.5a2 2 0 0 0-2 2v5.5a1.5 1.5 0 0 0 1.5 1.5h.5" />
            </svg>
          )}
          <span className="latch-visually-hidden">{t('account.copyAddress')}</span>
        </button>
        {/* An account whose name could not be looked up may have one: no offer to choose another;
            nor on a network whose family names are not registered on. */}
        {!account.profileName &&
          !account.profileUnavailable &&
          namesServe(network.caipNetwork?.caipNetworkId) && (
            <button
              type="button"
              className="latch-link-button"
              onClick={() => latch.router.push('RegisterAccountName')}
            >
              {t('account.chooseName')}
            </button>
          )}
        {account.user && (
          <p className="latch-muted" data-testid="latch-account-identifier">
            {account.connectedWalletInfo?.identifier ?? account.user.email ?? account.user.userName}
          </p>
        )}
        {hasSmartAccount && (
          <Suspense fallback={null}>
            <AccountTypeSwitch current={active?.preferredAccountTypes.eip155 ?? 'eoa'} />
          </Suspense>
        )}
        {network.unsupported ? (
          // Not the network it was on before: the one it is on, and the way back.
          <div className="latch-list" data-testid="latch-account-wrong-network">
            <p className="latch-error-text" role="alert">
              {network.walletNetworkId?.split(':')[1]
                ? t('account.chainUnsupported', {
                    chainId: network.walletNetworkId.split(':')[1] ?? '',
                  })
                : t('account.networkUnsupported')}
            </p>
            <button
              type="button"
              className="latch-button"
              onClick={() => latch.router.push('Networks')}
            >
              {t('account.switchNetwork')}
            </button>
          </div>
        ) : (
          <>
            {account.balance !== undefined ? (
              <p className="latch-account-balance" data-testid="latch-account-balance">
                {formatDecimal(account.balance, locale)} {account.balanceSymbol}
              </p>
            ) : (
              <SkeletonText label={t('account.loadingBalance')} size="lg" />
            )}
            <button
              type="button"
              className="latch-button"
              data-variant="secondary"
              onClick={() => latch.router.push('Networks')}
              aria-label={t('account.networkLabel', {
                network: network.caipNetwork?.name ?? t('account.unknown'),
              })}
            >
              {network.caipNetwork && (
                <img
                  className="latch-network-icon"
                  src={latch.api.assetImageUrl(network.caipNetwork.caipNetworkId)}
                  alt=""
                  width={20}
                  height={20}
                />
              )}
              {network.caipNetwork?.name ?? t('account.unknownNetwork')}
            </button>
          </>
        )}
      </div>
      {account.user?.email && !account.socialProvider && latch.embedded && (
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          onClick={() => latch.router.push('UpdateEmailWallet')}
        >
          {t('account.updateEmail')}
        </button>
      )}
      <div className="latch-actions">
        {ACTIONS.filter(
          (action) =>
            features[action.feature] &&
            (!action.families || action.families.includes(accounts.activeNamespace)) &&
            (action.feature !== 'onramp' || providers.length > 0),
        ).map((action) => (
          <button
            key={action.view}
            type="button"
            className="latch-button"
            data-variant="secondary"
            disabled={action.needsSupportedNetwork && network.unsupported}
            title={
              action.needsSupportedNetwork && network.unsupported
                ? t('account.switchFirst')
                : undefined
            }
            onClick={() => latch.router.push(action.view)}
          >
            {t(action.label)}
          </button>
        ))}
      </div>
      {/* What the site would offer here, and why not: Buy and Swap serve EVM accounts only. */}
      {region.restricted &&
        (latch.options.features.swaps || latch.options.features.onramp) &&
        isEvm && <RegionRestricted />}
      {showSessions && (
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          data-testid="latch-account-sessions"
          onClick={() => latch.router.push('Sessions')}
        >
          {t('account.sessions')}
        </button>
      )}
      <div
        className="latch-tabs"
        role="tablist"
        aria-label={t('account.tabs')}
        onKeyDown={onArrowKeys}
      >
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="latch-tab"
            aria-selected={tab === name}
            // One Tab stop for the list: the arrows move between its tabs.
            tabIndex={tab === name ? 0 : -1}
            onClick={() => latch.account.update(accounts.activeNamespace, { currentTab: name })}
          >
            {known(name)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={known(tab)}>
        {tab === 'Tokens' && <TokensTab />}
        {tab === 'NFTs' && (
          <Suspense fallback={<SkeletonRows count={3} label={t('nfts.loading')} />}>
            <NftsTab address={address} />
          </Suspense>
        )}
        {tab === 'Activity' && <ActivityTab address={address} name={account.profileName} />}
      </div>
      <DisconnectButton />
    </div>
  )
}
