import { ACCOUNT_TABS, namesServe } from '@latch/core'
import { lazy, Suspense } from 'react'
import { AccountAvatar } from '../../components/AccountAvatar.tsx'
import { onArrowKeys } from '../../components/arrowKeys.ts'
import { DisconnectButton } from '../../components/DisconnectButton.tsx'
import { RegionRestricted } from '../../components/RegionRestricted.tsx'
import { SkeletonRows } from '../../components/Skeleton.tsx'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useLatchInstance } from '../../context.ts'
import { useLatchAccount, useLatchNetwork } from '../../hooks/useLatch.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { AccountActions } from './AccountActions.tsx'
import { AccountNetwork } from './AccountNetwork.tsx'
import { ActivityTab } from './ActivityTab.tsx'
import { CopyAddressButton } from './CopyAddressButton.tsx'
import { FamilyAccounts } from './FamilyAccounts.tsx'
import { TokensTab } from './TokensTab.tsx'
import { useHasSessions } from './useHasSessions.ts'

// The NFTs tab's code (grid, detail, send) loads when the tab is first opened.
const NftsTab = lazy(() => import('./NftsTab.tsx').then((module) => ({ default: module.NftsTab })))

// Only a visitor with a smart account is offered the switch: its code loads for them alone.
const AccountTypeSwitch = lazy(() =>
  import('./AccountTypeSwitch.tsx').then((module) => ({ default: module.AccountTypeSwitch })),
)

/**
 * The connected account: its name and avatar when it has them (else a way to get a name), address,
 * wallet, balance, network, tabs, disconnect.
 */
export function Account() {
  const latch = useLatchInstance()
  const { t, known } = useI18n()
  const account = useLatchAccount()
  const network = useLatchNetwork()
  const accounts = useStore(latch.account.state)
  const current = accounts.byNamespace[accounts.activeNamespace]?.currentTab
  // NFTs are listed for EVM accounts only; a tab not shown (NFTs for another family) opens Tokens.
  const tabs = ACCOUNT_TABS.filter(
    (name) => name !== 'NFTs' || accounts.activeNamespace === 'eip155',
  )
  const tab = tabs.find((name) => name === current) ?? 'Tokens'
  const region = useStore(latch.region)
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
        <CopyAddressButton address={address} small={Boolean(account.profileName)} />
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
        <AccountNetwork />
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
      <AccountActions />
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
