import { useStore } from '../hooks/useStore.ts'
import { useLatchInstance } from '../LatchProvider.tsx'

/** The one-line message at the bottom of the page: its text and variant, while open. */
export function Snackbar() {
  const latch = useLatchInstance()
  const snackbar = useStore(latch.snackbar.state)
  if (!snackbar.open || !snackbar.message) return null
  return (
    <div
      className="latch-snackbar"
      data-variant={snackbar.variant}
      role={snackbar.variant === 'error' ? 'alert' : 'status'}
      data-testid="latch-snackbar"
    >
      {snackbar.message}
    </div>
  )
}
