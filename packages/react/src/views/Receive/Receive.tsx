import { receiveUri } from '@latch/core'
import { useState } from 'react'
import { QrCode } from '../../components/QrCode.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

/** Receive: the account's address as a QR code and as text, to copy, and where it works. */
export function Receive() {
  const latch = useLatchInstance()
  const account = useStore(latch.activeAccount)
  const [copied, setCopied] = useState(false)
  if (!account) return null
  const { address } = account
  const uri = receiveUri(account)

  const copy = () => {
    navigator.clipboard?.writeText(address).then(
      () => {
        setCopied(true)
        latch.snackbar.showSuccess('Address copied')
      },
      () => latch.snackbar.showError('Could not copy the address'),
    )
  }

  return (
    <div className="latch-center" data-testid="latch-receive">
      <QrCode
        value={uri}
        label={uri === address ? `QR code of the address ${address}` : `QR code of ${uri}`}
      />
      <p className="latch-address-text" data-testid="latch-receive-address">
        {address}
      </p>
      <button type="button" className="latch-button" onClick={copy}>
        {copied ? 'Copied' : 'Copy address'}
      </button>
      <p className="latch-muted">Send only assets on these networks to this address:</p>
      <ul className="latch-chips" aria-label="Networks">
        {latch.options.networks
          .filter((network) => network.chainNamespace === account.namespace)
          .map((network) => (
            <li key={network.caipNetworkId} className="latch-tag">
              {network.name}
            </li>
          ))}
      </ul>
    </div>
  )
}
