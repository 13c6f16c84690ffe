import { formatDecimal, shortenHex } from '@latch/core'
import { AccountAvatar } from './components/AccountAvatar.tsx'
import { Spinner } from './components/Spinner.tsx'
import { useLatch, useLatchAccount, useLatchNetwork } from './hooks/useLatch.ts'
import { useI18n } from './i18n/useI18n.ts'

/**
 * The button a site puts in its header: "Connect Wallet", or the connected account by its name and
 * avatar when it has them (profileName, profileImage), else its shortened address.
 */
export function ConnectButton({ label }: { label?: string }) {
  const { open } = useLatch()
  const { t } = useI18n()
  const account = useLatchAccount()
  const network = useLatchNetwork()
  const pending = account.status === 'connecting' || account.status === 'reconnecting'
  // Connected on a network the site does not list: say so, and open the network picker.
  if (account.isConnected && network.unsupported) {
    return (
      <button
        type="button"
        className="latch-connect-button"
        data-testid="latch-connect-button"
        data-state="wrong-network"
        aria-haspopup="dialog"
        onClick={() => open({ view: 'UnsupportedChain' })}
      >
        {t('button.wrongNetwork')}
      </button>
    )
  }
  return (
    <button
      type="button"
      className="latch-connect-button"
      data-testid="latch-connect-button"
      aria-haspopup="dialog"
      onClick={() => open()}
    >
      {account.isConnected && account.address ? (
        <>
          {account.balance !== undefined && (
            <span className="latch-connect-balance">
              {formatDecimal(account.balance)} {account.balanceSymbol}
            </span>
          )}
          <AccountAvatar address={account.address} profileImage={account.profileImage} size={24} />
          {account.profileName ? (
            <span data-testid="latch-account-name" title={account.address}>
              {account.profileName}
            </span>
          ) : (
            <span data-testid="latch-account-address">{shortenHex(account.address)}</span>
          )}
        </>
      ) : pending ? (
        <>
          <Spinner />
          {t('button.connecting')}
        </>
      ) : (
        (label ?? t('button.connectWallet'))
      )}
    </button>
  )
}
