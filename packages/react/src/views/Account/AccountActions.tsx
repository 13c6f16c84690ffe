import { type ChainNamespace, ONRAMP_NAMESPACES, SWAP_NAMESPACES } from '@latch/core'
import { useLatchInstance } from '../../context.ts'
import { useLatchNetwork } from '../../hooks/useLatch.ts'
import { useStore } from '../../hooks/useStore.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { useI18n } from '../../i18n/useI18n.ts'

type AccountAction = {
  view: 'Send' | 'Receive' | 'Swap' | 'OnRampProviders'
  feature: 'send' | 'receive' | 'swaps' | 'onramp'
  label: MessageKey
  needsSupportedNetwork: boolean
  /** The chain families the action serves; absent for all. Another family's account has no button. */
  families?: readonly ChainNamespace[]
}

/**
 * The account's actions, each behind its feature and shown only on the chain families it serves
 * (a button that could only say "not supported" is no button); those that need one of the site's
 * networks are off while the wallet is on another (an address to receive at is still one).
 */
const ACTIONS: readonly AccountAction[] = [
  { view: 'Send', feature: 'send', label: 'account.send', needsSupportedNetwork: true },
  {
    view: 'Receive',
    feature: 'receive',
    label: 'account.receive',
    needsSupportedNetwork: false,
  },
  {
    view: 'Swap',
    feature: 'swaps',
    label: 'account.swap',
    needsSupportedNetwork: true,
    families: SWAP_NAMESPACES,
  },
  {
    view: 'OnRampProviders',
    feature: 'onramp',
    label: 'account.buy',
    needsSupportedNetwork: true,
    families: ONRAMP_NAMESPACES,
  },
]

/** The buttons to the account's actions: Send, Receive, Swap, Buy, as the site and family allow. */
export function AccountActions() {
  const latch = useLatchInstance()
  const { t } = useI18n()
  const network = useLatchNetwork()
  const { activeNamespace } = useStore(latch.account.state)
  const features = useStore(latch.features)
  const { providers } = useStore(latch.onramp.state)
  return (
    <div className="latch-actions">
      {ACTIONS.filter(
        (action) =>
          features[action.feature] &&
          (!action.families || action.families.includes(activeNamespace)) &&
          (action.feature !== 'onramp' || providers.length > 0),
      ).map((action) => (
        <button
          key={action.view}
          type="button"
          className="latch-button"
          data-variant="secondary"
          disabled={action.needsSupportedNetwork && network.unsupported}
          title={
            action.needsSupportedNetwork && network.unsupported
              ? t('account.switchFirst')
              : undefined
          }
          onClick={() => latch.router.push(action.view)}
        >
          {t(action.label)}
        </button>
      ))}
    </div>
  )
}
