import { shortenHex } from '@latch/core'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useLatchInstance } from '../../context.ts'
import { useLatchAccount } from '../../hooks/useLatch.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useModalEffects } from '../../modal/context.ts'

/** SIWXSignMessage: asks the visitor to prove the account by signing a message. */
export function SIWXSignMessage() {
  const latch = useLatchInstance()
  const account = useLatchAccount()
  const { status } = useStore(latch.siwx.state)
  const { shake } = useModalEffects()
  const site = latch.options.metadata.name || globalThis.location?.host || 'this site'
  const signing = status === 'signing'

  const sign = () => {
    latch.siwx.signIn().catch(() => shake())
  }
  const cancel = () => {
    void latch.siwx.cancel().then(() => {
      if (!latch.siwx.required) latch.modal.close()
    })
  }

  return (
    <div className="latch-center" data-testid="latch-siwx">
      <WalletImage
        src={account.connectedWalletInfo?.icon}
        name={account.connectedWalletInfo?.name ?? '?'}
        size="lg"
      />
      <p>{site} needs to connect to your wallet</p>
      <p className="latch-muted">
        Sign this message to prove you own{' '}
        {account.address ? shortenHex(account.address) : 'this account'}. Signing is free: it sends
        no transaction.
      </p>
      <div className="latch-actions">
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          disabled={signing}
          onClick={cancel}
        >
          Cancel
        </button>
        <button type="button" className="latch-button" disabled={signing} onClick={sign}>
          {signing ? 'Signing…' : 'Sign'}
        </button>
      </div>
    </div>
  )
}
