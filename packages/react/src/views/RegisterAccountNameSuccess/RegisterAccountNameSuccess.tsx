import { useLatchInstance } from '../../context.ts'
import { useLatchAccount } from '../../hooks/useLatch.ts'
import { useStore } from '../../hooks/useStore.ts'

/** RegisterAccountNameSuccess: the name is the account's; back to the Account view. */
export function RegisterAccountNameSuccess() {
  const latch = useLatchInstance()
  const account = useLatchAccount()
  const router = useStore(latch.router.state)
  const name = router.data?.name ?? account.profileName

  const backToAccount = () => {
    const index = router.history.lastIndexOf('Account')
    if (index >= 0) latch.router.goBackToIndex(index)
    else latch.router.reset('Account')
  }

  return (
    <div className="latch-center" data-testid="latch-name-registered">
      <span className="latch-success-mark" aria-hidden="true">
        ✓
      </span>
      <h3 className="latch-profile-name">{name} is yours</h3>
      <p className="latch-muted">
        It shows in place of your address here, and anyone can send to it instead of your address.
      </p>
      <button type="button" className="latch-button" onClick={backToAccount}>
        Back to account
      </button>
    </div>
  )
}
