import { useLatchInstance } from '../../LatchProvider.tsx'
import { NetworkList } from '../Networks/Networks.tsx'

/** The wallet is on a network the site does not list: switch, or disconnect (spec 2). */
export function UnsupportedChain() {
  const latch = useLatchInstance()
  return (
    <div className="latch-list">
      <p className="latch-muted">
        This app doesn't support your wallet's current network. Switch to one of these networks to
        continue.
      </p>
      <NetworkList />
      <button
        type="button"
        className="latch-button"
        data-variant="danger"
        onClick={() => latch.disconnect().catch(() => {})}
      >
        Disconnect
      </button>
    </div>
  )
}
