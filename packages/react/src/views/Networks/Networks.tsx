import type { CaipNetwork } from '@latch/core'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/** The site's networks; choosing one switches the wallet (adding the chain if it lacks it). */
export function NetworkList({ onSwitched }: { onSwitched?: () => void }) {
  const latch = useLatchInstance()
  const { networks, activeNetwork, unsupported } = useStore(latch.network.state)
  const { t } = useI18n()
  const choose = (network: CaipNetwork) => {
    latch.switchNetwork(network).then(onSwitched, () => {})
  }
  return (
    <ul className="latch-list" aria-label={t('networks.label')}>
      {networks.map((network) => {
        const active = !unsupported && network.caipNetworkId === activeNetwork?.caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="latch-list-item"
              aria-current={active ? 'true' : undefined}
              onClick={() => choose(network)}
            >
              <img
                className="latch-wallet-image latch-network-image"
                src={latch.api.assetImageUrl(network.caipNetworkId)}
                alt=""
                width={40}
                height={40}
              />
              <span className="latch-list-item-label">{network.name}</span>
              {active && (
                <span className="latch-tag" data-variant="accent">
                  {t('networks.active')}
                </span>
              )}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

export function Networks() {
  return <NetworkList />
}
