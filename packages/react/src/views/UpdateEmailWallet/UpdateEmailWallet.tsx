import type { EmbeddedController } from '@latch/core'
import { EmailField } from '../../components/EmailField.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'

/** UpdateEmailWallet: the new address; a code then goes to the current one and one to the new. */
export function UpdateEmailWallet() {
  const { embedded } = useLatchInstance()
  if (!embedded) return null
  return <UpdateEmail embedded={embedded} />
}

function UpdateEmail({ embedded }: { embedded: EmbeddedController }) {
  const { user, error, pending } = useStore(embedded.state)
  return (
    <div className="latch-list" data-testid="latch-update-email">
      {user?.email && (
        <p className="latch-muted">
          Your email is <strong>{user.email}</strong>. We send a code to it and one to the new
          address.
        </p>
      )}
      <EmailField
        label="New email"
        submitLabel="Continue"
        error={error}
        pending={pending}
        onSubmit={(email) => void embedded.updateEmail(email)}
        testId="latch-update-email-form"
      />
    </div>
  )
}
