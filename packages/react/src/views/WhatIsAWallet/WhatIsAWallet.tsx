import { WalletImage } from '../../components/WalletImage.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { useRecommendedWallets } from '../useRecommendedWallets.ts'

/** What a wallet is, in three short points, each with a small glyph. */
const POINTS = [
  {
    title: 'what.keys',
    text: 'what.keysText',
    glyph:
      'M6 10V8a6 6 0 1 1 12 0v2h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h8V8a4 4 0 1 0-8 0z',
  },
  {
    title: 'what.signIn',
    text: 'what.signInText',
    glyph: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  },
  {
    title: 'what.everyApp',
    text: 'what.everyAppText',
    glyph:
      'M3 6a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v1h-5a4 4 0 0 0 0 8h5v3a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm13 3h6v4h-6a2 2 0 1 1 0-4z',
  },
] as const satisfies readonly { title: MessageKey; text: MessageKey; glyph: string }[]

/**
 * Help for visitors without a wallet: what one is, where to get one (the site's recommended
 * wallets, each to its own site), every wallet, and email login where the site offers it.
 */
export function WhatIsAWallet() {
  const latch = useLatchInstance()
  const { t } = useI18n()
  const features = useStore(latch.features)
  // Each links to its own site, so only wallets with a homepage are offered here.
  const wallets = useRecommendedWallets().wallets.filter((wallet) => wallet.homepage)

  const emailLogin = latch.embedded !== undefined && features.email
  return (
    <div className="latch-list" data-testid="latch-what-is-a-wallet">
      <ul className="latch-help-points">
        {POINTS.map((point) => (
          <li key={point.title}>
            <span className="latch-help-glyph" aria-hidden="true">
              <svg
                viewBox="0 0 24 24"
                width="20"
                height="20"
                fill="currentColor"
                aria-hidden="true"
              >
                <path d={point.glyph} />
              </svg>
            </span>
            <span>
              <strong>{t(point.title)}</strong>
              <span className="latch-muted">{t(point.text)}</span>
            </span>
          </li>
        ))}
      </ul>
      <h3 className="latch-section-title">{t('what.getWallet')}</h3>
      {wallets.length > 0 && (
        <ul className="latch-list" aria-label={t('what.walletsToGet')}>
          {wallets.map((wallet) => (
            <li key={wallet.id}>
              <a
                className="latch-list-item"
                href={wallet.homepage ?? undefined}
                target="_blank"
                rel="noreferrer noopener"
              >
                <WalletImage src={latch.api.walletImageUrl(wallet.image_id)} name={wallet.name} />
                <span className="latch-list-item-label">{wallet.name}</span>
                <span className="latch-tag">{t('what.get')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="latch-button"
        data-variant="secondary"
        onClick={() => latch.router.push('AllWallets')}
      >
        {t('what.seeAll')}
      </button>
      {emailLogin && <p className="latch-muted latch-center">{t('what.email')}</p>}
    </div>
  )
}
