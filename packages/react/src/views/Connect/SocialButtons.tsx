import {
  type EmbeddedController,
  isSocialLoginProvider,
  SOCIAL_PROVIDER_NAMES,
  type SocialLoginOption,
} from '@latch/core'
import { SocialIcon } from '../../components/SocialIcon.tsx'
import { useI18n } from '../../i18n/useI18n.ts'

/**
 * The social logins in the configured order: the first as a wide button, the others as
 * tiles. Each click opens the login popup right away.
 */
export function SocialButtons({
  embedded,
  providers,
}: {
  embedded: EmbeddedController
  providers: readonly SocialLoginOption[]
}) {
  const { t } = useI18n()
  const [first, ...others] = providers
  if (!first) return null
  // Synchronously in the click: connectSocial opens the popup before anything else. Farcaster
  // needs no popup: its QR code shows in the modal.
  const connect = (provider: SocialLoginOption) =>
    void (isSocialLoginProvider(provider)
      ? embedded.connectSocial(provider)
      : embedded.connectFarcaster())
  return (
    <div className="latch-socials" data-testid="latch-socials">
      <button
        type="button"
        className="latch-list-item"
        data-provider={first}
        aria-label={t('social.logInWith', { provider: SOCIAL_PROVIDER_NAMES[first] })}
        onClick={() => connect(first)}
      >
        <SocialIcon provider={first} />
        <span className="latch-list-item-label">
          {t('social.logInWith', { provider: SOCIAL_PROVIDER_NAMES[first] })}
        </span>
      </button>
      {others.length > 0 && (
        <ul className="latch-social-grid" aria-label={t('social.more')}>
          {others.map((provider) => (
            <li key={provider}>
              <button
                type="button"
                className="latch-social-tile"
                data-provider={provider}
                aria-label={t('social.logInWith', { provider: SOCIAL_PROVIDER_NAMES[provider] })}
                title={SOCIAL_PROVIDER_NAMES[provider]}
                onClick={() => connect(provider)}
              >
                <SocialIcon provider={provider} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
