import { useLatchInstance } from '../context.ts'
import { useI18n } from '../i18n/useI18n.ts'

/** Ends the wallet session; a failure shows the 'Failed to disconnect' snackbar. */
export function DisconnectButton() {
  const latch = useLatchInstance()
  const { t } = useI18n()
  return (
    <button
      type="button"
      className="latch-button"
      data-variant="danger"
      // The snackbar already tells the visitor; nothing else to do with the rejection here.
      onClick={() => latch.disconnect().catch(() => {})}
    >
      {t('common.disconnect')}
    </button>
  )
}
