import { receiveUri } from '@latch/core'
import { QrCode } from '../../components/QrCode.tsx'
import { useCopy } from '../../components/useCopy.ts'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** Receive: the account's address as a QR code and as text, to copy, and where it works. */
export function Receive() {
  const latch = useLatchInstance()
  const account = useStore(latch.activeAccount)
  const { t } = useI18n()
  const { copied, copy } = useCopy(account?.address ?? '', {
    copied: 'account.addressCopied',
    failed: 'account.copyFailed',
  })
  if (!account) return null
  const { address } = account
  const uri = receiveUri(account)

  return (
    <div className="latch-center" data-testid="latch-receive">
      <QrCode
        value={uri}
        label={uri === address ? t('receive.qrAddress', { address }) : t('receive.qrUri', { uri })}
      />
      <p className="latch-address-text" data-testid="latch-receive-address">
        {address}
      </p>
      <button type="button" className="latch-button" onClick={copy}>
        {copied ? t('sent.copied') : t('account.copyAddress')}
      </button>
      <p className="latch-muted">{t('receive.networks')}</p>
      <ul className="latch-chips" aria-label={t('networks.label')}>
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
