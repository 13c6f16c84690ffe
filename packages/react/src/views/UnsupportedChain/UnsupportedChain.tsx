import { DisconnectButton } from '../../components/DisconnectButton.tsx'
import { NetworkList } from '../Networks/Networks.tsx'

/** The wallet is on a network the site does not list: switch, or disconnect. */
export function UnsupportedChain() {
  return (
    <div className="latch-list">
      <p className="latch-muted">
        This app doesn't support your wallet's current network. Switch to one of these networks to
        continue.
      </p>
      <NetworkList />
      <DisconnectButton />
    </div>
  )
}
