import type { EmbeddedController } from '@latch/core'
import { EmailField } from '../../components/EmailField.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { Rich } from '../../i18n/Rich.tsx'
import { useI18n } from '../../i18n/useI18n.ts'

/** UpdateEmailWallet: the new address; a code then goes to the current one and one to the new. */
export function UpdateEmailWallet() {
  const { embedded } = useLatchInstance()
  if (!embedded) return null
  return <UpdateEmail embedded={embedded} />
}

function UpdateEmail({ embedded }: { embedded: EmbeddedController }) {
  const { user, error, pending } = useStore(embedded.state)
  const { t, known } = useI18n()
  return (
    <div className="latch-list" data-testid="latch-update-email">
      {user?.email && (
        <p className="latch-muted">
          <Rich id="updateEmail.current" values={{ email: <strong>{user.email}</strong> }} />
        </p>
      )}
      <EmailField
        label={t('updateEmail.new')}
        submitLabel={t('common.continue')}
        error={error && known(error)}
        pending={pending}
        onSubmit={(email) => void embedded.updateEmail(email)}
        testId="latch-update-email-form"
      />
    </div>
  )
}
