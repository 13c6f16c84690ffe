import { useLatchInstance } from '../context.ts'

/** Ends the wallet session; a failure shows the 'Failed to disconnect' snackbar. */
export function DisconnectButton() {
  const latch = useLatchInstance()
  return (
    <button
      type="button"
      className="latch-button"
      data-variant="danger"
      // The snackbar already tells the visitor; nothing else to do with the rejection here.
      onClick={() => latch.disconnect().catch(() => {})}
    >
      Disconnect
    </button>
  )
}
