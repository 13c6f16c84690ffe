import {
  type ConnectableWallet,
  isSocialLoginProvider,
  type Latch,
  type SocialLoginOption,
  walletFromOption,
} from '@latch/core'
import { numberFormat } from '@latch/protocol/i18n'
import { useEffect } from 'react'
import { EmailField } from '../../components/EmailField.tsx'
import { QrGlyph } from '../../components/QrGlyph.tsx'
import { WalletListItem } from '../../components/WalletListItem.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { useRecommendedWallets } from '../useRecommendedWallets.ts'
import { chooseWallet, fromRegistry, WALLETCONNECT_ENTRY, withConnector } from '../wallets.ts'
import { SocialButtons } from './SocialButtons.tsx'

/** The first view: the connect methods in the configured order; wallets recent, installed, recommended. */
export function Connect() {
  const latch = useLatchInstance()
  const { t, locale } = useI18n()
  const installed = useStore(latch.wallets)
  const { recentWallets } = useStore(latch.connection.state)
  const { wallets: recommended, total } = useRecommendedWallets()
  const features = useStore(latch.features)
  const { embedded } = latch
  const emailLogin = embedded !== undefined && features.email
  // The site's socials, narrowed by its project's settings (GET /appkit/v1/config): the server
  // lists Farcaster where its relay and Optimism RPC are configured.
  const socials: readonly SocialLoginOption[] = embedded
    ? features.socials.filter(
        (provider) => isSocialLoginProvider(provider) || provider === 'farcaster',
      )
    : []
  const socialLogin = socials.length > 0
  const wantsFrame = emailLogin || socialLogin

  useEffect(() => {
    // The frame takes a moment to load: start as soon as the visitor might need it.
    if (wantsFrame) embedded?.preload()
  }, [embedded, wantsFrame])

  const select = (wallet: ConnectableWallet) => chooseWallet(latch, wallet)

  // Each wallet once: recent first, then installed, then recommended.
  const seen = new Set<string>()
  const take = (wallet: ConnectableWallet) => {
    const key = wallet.rdns ?? wallet.id
    if (seen.has(key)) return false
    seen.add(key)
    return true
  }
  const recent = recentWallets.map((wallet) => withConnector(latch, wallet)).filter(take)
  const found = installed.map(walletFromOption).filter(take)
  const suggested = recommended.map((wallet) => fromRegistry(latch, wallet)).filter(take)

  const sections = latch.options.connectMethodsOrder.map((method) => {
    if (method === 'wallet') {
      return (
        <ul className="latch-list" key="wallet" aria-label={t('wallets.label')}>
          {recent.map((wallet) => (
            <WalletListItem
              key={`recent:${wallet.id}`}
              wallet={wallet}
              tag={{ label: t('wallets.recent') }}
              onSelect={select}
            />
          ))}
          {found.map((wallet) => (
            <WalletListItem
              key={`installed:${wallet.id}`}
              wallet={wallet}
              tag={{ label: t('wallets.installed'), accent: true }}
              onSelect={select}
            />
          ))}
          {latch.walletConnect && take(WALLETCONNECT_ENTRY) && (
            <li>
              <button
                type="button"
                className="latch-list-item"
                data-wallet-id={WALLETCONNECT_ENTRY.id}
                onClick={() => select(WALLETCONNECT_ENTRY)}
              >
                <QrGlyph />
                <span className="latch-list-item-label">WalletConnect</span>
                <span className="latch-tag">{t('wallets.qrCode')}</span>
              </button>
            </li>
          )}
          {suggested.map((wallet) => (
            <WalletListItem key={`recommended:${wallet.id}`} wallet={wallet} onSelect={select} />
          ))}
          <li>
            <button
              type="button"
              className="latch-list-item"
              onClick={() => latch.router.push('AllWallets')}
            >
              <span className="latch-wallet-image latch-wallet-tile" aria-hidden="true">
                ⋯
              </span>
              <span className="latch-list-item-label">{t('wallets.all')}</span>
              {total !== undefined && (
                <span className="latch-tag">
                  <span aria-hidden="true">{numberFormat(locale).format(total)}</span>
                  <span className="latch-visually-hidden">
                    {t('wallets.count', { count: total })}
                  </span>
                </span>
              )}
            </button>
          </li>
        </ul>
      )
    }
    if (method === 'email' && emailLogin && embedded) {
      return <EmailLogin key="email" embedded={embedded} />
    }
    if (method === 'social' && socialLogin && embedded) {
      return <SocialButtons key="social" embedded={embedded} providers={socials} />
    }
    return null
  })
  return (
    <div className="latch-list">
      {sections}
      <p className="latch-help-link">
        <span className="latch-muted">{t('connect.noWallet')}</span>
        <button
          type="button"
          className="latch-link-button"
          data-size="md"
          onClick={() => latch.router.push('WhatIsAWallet')}
        >
          {t('connect.whatIsAWallet')}
        </button>
      </p>
    </div>
  )
}

/** The email section: the address, then a code (EmailVerifyOtp). */
function EmailLogin({ embedded }: { embedded: NonNullable<Latch['embedded']> }) {
  const { error, pending, step } = useStore(embedded.state)
  const { t, known } = useI18n()
  return (
    <EmailField
      label={t('connect.email')}
      hideLabel
      submitLabel={t('common.continue')}
      // The social steps show their own errors in ConnectingSocial.
      error={step === 'social' || !error ? undefined : known(error)}
      pending={pending && step !== 'social'}
      onSubmit={(email) => void embedded.connectEmail(email)}
      testId="latch-email-login"
    />
  )
}
