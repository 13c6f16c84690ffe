import { WalletImage } from '../../components/WalletImage.tsx'
import { useLatchInstance } from '../../context.ts'
import { useRecommendedWallets } from '../../hooks/useRecommendedWallets.ts'
import { useStore } from '../../hooks/useStore.ts'

/** What a wallet is, in three short points, each with a small glyph. */
const POINTS = [
  {
    title: 'Your keys, your things',
    text: 'A wallet keeps the keys to your coins and tokens. Nothing moves without your approval.',
    glyph:
      'M6 10V8a6 6 0 1 1 12 0v2h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h8V8a4 4 0 1 0-8 0z',
  },
  {
    title: 'Sign in without a password',
    text: 'Sites ask your wallet to confirm it is you; you approve each request in the wallet.',
    glyph: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  },
  {
    title: 'One wallet, every app',
    text: 'The same wallet works on any site that supports it. You bring it with you.',
    glyph:
      'M3 6a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v1h-5a4 4 0 0 0 0 8h5v3a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zm13 3h6v4h-6a2 2 0 1 1 0-4z',
  },
] as const

/**
 * Help for visitors without a wallet: what one is, where to get one (the site's recommended
 * wallets, each to its own site), every wallet, and email login where the site offers it.
 */
export function WhatIsAWallet() {
  const latch = useLatchInstance()
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
              <strong>{point.title}</strong>
              <span className="latch-muted">{point.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <h3 className="latch-section-title">Get a wallet</h3>
      {wallets.length > 0 && (
        <ul className="latch-list" aria-label="Wallets to get">
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
                <span className="latch-tag">Get</span>
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
        See all wallets
      </button>
      {emailLogin && (
        <p className="latch-muted latch-center">
          Or go back and continue with your email: a wallet is made for you.
        </p>
      )}
    </div>
  )
}
