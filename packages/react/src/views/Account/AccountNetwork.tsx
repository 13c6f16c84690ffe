import { formatDecimal } from '@latch/core'
import { SkeletonText } from '../../components/Skeleton.tsx'
import { useLatchInstance } from '../../context.ts'
import { useLatchAccount, useLatchNetwork } from '../../hooks/useLatch.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/**
 * The balance and the network it is on, which opens Networks; on a network the site does not
 * list, instead the one the wallet is on and the way back (not the network it was on before).
 */
export function AccountNetwork() {
  const latch = useLatchInstance()
  const { t, locale } = useI18n()
  const account = useLatchAccount()
  const network = useLatchNetwork()
  if (network.unsupported) {
    const chainId = network.walletNetworkId?.split(':')[1]
    return (
      <div className="latch-list" data-testid="latch-account-wrong-network">
        <p className="latch-error-text" role="alert">
          {chainId ? t('account.chainUnsupported', { chainId }) : t('account.networkUnsupported')}
        </p>
        <button
          type="button"
          className="latch-button"
          onClick={() => latch.router.push('Networks')}
        >
          {t('account.switchNetwork')}
        </button>
      </div>
    )
  }
  return (
    <>
      {account.balance !== undefined ? (
        <p className="latch-account-balance" data-testid="latch-account-balance">
          {formatDecimal(account.balance, locale)} {account.balanceSymbol}
        </p>
      ) : (
        <SkeletonText label={t('account.loadingBalance')} size="lg" />
      )}
      <button
        type="button"
        className="latch-button"
        data-variant="secondary"
        onClick={() => latch.router.push('Networks')}
        aria-label={t('account.networkLabel', {
          network: network.caipNetwork?.name ?? t('account.unknown'),
        })}
      >
        {network.caipNetwork && (
          <img
            className="latch-network-icon"
            src={latch.api.assetImageUrl(network.caipNetwork.caipNetworkId)}
            alt=""
            width={20}
            height={20}
          />
        )}
        {network.caipNetwork?.name ?? t('account.unknownNetwork')}
      </button>
    </>
  )
}
