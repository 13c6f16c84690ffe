import { useLatchInstance } from '../context.ts'
import { useStore } from '../hooks/useStore.ts'
import { useI18n } from '../i18n/useI18n.ts'

/**
 * The one-line message (its text, variant and whether it is open): in the modal's card, under its header,
 * while the modal is open, so it covers nothing; at the foot of the page otherwise.
 */
export function Snackbar({ placement }: { placement: 'card' | 'page' }) {
  const latch = useLatchInstance()
  const snackbar = useStore(latch.snackbar.state)
  const { known } = useI18n()
  if (!snackbar.open || !snackbar.message) return null
  return (
    <div
      className="latch-snackbar"
      data-placement={placement}
      data-variant={snackbar.variant}
      role={snackbar.variant === 'error' ? 'alert' : 'status'}
      data-testid="latch-snackbar"
    >
      {known(snackbar.message)}
    </div>
  )
}
