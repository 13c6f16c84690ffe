import { shortenHex } from '@latch/core'
import { useCopy } from '../../components/useCopy.ts'
import { useI18n } from '../../i18n/useI18n.ts'

/**
 * The account's short address as a button that copies the whole one; a check mark replaces the
 * copy icon once it is on the clipboard, and the snackbar says whether it got there.
 */
export function CopyAddressButton({ address, small }: { address: string; small: boolean }) {
  const { t } = useI18n()
  const { copied, copy } = useCopy(address, {
    copied: 'account.addressCopied',
    failed: 'account.copyFailed',
  })
  return (
    <button
      type="button"
      className="latch-button"
      data-variant="secondary"
      data-size={small ? 'sm' : undefined}
      onClick={copy}
      title={address}
    >
      <span data-testid="latch-account-view-address">{shortenHex(address)}</span>
      {copied ? (
        <span aria-hidden="true">✓</span>
      ) : (
        <svg
          width="14"
          height="14"
          viewBox="0 0 14 14"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
        >
          <rect x="4.5" y="4.5" width="8" height="8" rx="2" />
          <path d="M9.5 2.5v-.5a1.5 1.5 0 0 0-1.5-1.5h-5.5a2 2 0 0 0-2 2v5.5a1.5 1.5 0 0 0 1.5 1.5h.5" />
        </svg>
      )}
      <span className="latch-visually-hidden">{t('account.copyAddress')}</span>
    </button>
  )
}
