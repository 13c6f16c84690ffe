import {
  type EmbeddedController,
  SOCIAL_PROVIDER_NAMES,
  type SocialLoginProvider,
} from '@latch/core'
import { SocialIcon } from '../../components/SocialIcon.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** ConnectingSocial: the visitor logs in with the provider in the popup; cancel, or try again. */
export function ConnectingSocial() {
  const latch = useLatchInstance()
  const { data } = useStore(latch.router.state)
  const { embedded } = latch
  const provider = data?.social ?? embedded?.state.get().socialProvider
  if (!embedded || !provider) return null
  return <Connecting embedded={embedded} provider={provider} />
}

function Connecting({
  embedded,
  provider,
}: {
  embedded: EmbeddedController
  provider: SocialLoginProvider
}) {
  const latch = useLatchInstance()
  const { error } = useStore(embedded.state)
  const { t, known } = useI18n()
  const name = SOCIAL_PROVIDER_NAMES[provider]
  return (
    <div
      className="latch-center"
      data-testid="latch-connecting-social"
      data-status={error ? 'error' : 'connecting'}
    >
      <SocialIcon provider={provider} size="lg" />
      {error ? (
        <>
          <p className="latch-error-text" role="alert">
            {known(error)}
          </p>
          <button
            type="button"
            className="latch-button"
            // The popup must open in this very click: no await before connectSocial.
            onClick={() => void embedded.connectSocial(provider)}
          >
            {t('common.tryAgain')}
          </button>
        </>
      ) : (
        <>
          <p>{t('social.popup', { name })}</p>
          <p className="latch-muted">{t('social.finish')}</p>
          <button
            type="button"
            className="latch-button"
            data-variant="secondary"
            onClick={() => {
              embedded.cancelSocial()
              latch.router.goBack()
            }}
          >
            {t('common.cancel')}
          </button>
        </>
      )}
    </div>
  )
}
