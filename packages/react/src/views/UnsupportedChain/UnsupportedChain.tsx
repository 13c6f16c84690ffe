import { DisconnectButton } from '../../components/DisconnectButton.tsx'
import { useI18n } from '../../i18n/useI18n.ts'
import { NetworkList } from '../Networks/Networks.tsx'

/** The wallet is on a network the site does not list: switch, or disconnect. */
export function UnsupportedChain() {
  const { t } = useI18n()
  return (
    <div className="latch-list">
      <p className="latch-muted">{t('unsupported.help')}</p>
      <NetworkList />
      <DisconnectButton />
    </div>
  )
}
