import { useState } from 'react'
import { useLatchInstance } from '../context.ts'
import type { MessageKey } from '../i18n/en.ts'
import { useI18n } from '../i18n/useI18n.ts'

/**
 * Copies `text` to the clipboard on `copy()`; `copied` turns true once it is there, and the snackbar
 * says whether it got there (a browser may refuse the clipboard).
 */
export function useCopy(
  text: string,
  messages: { copied: MessageKey; failed: MessageKey },
): { copied: boolean; copy(): void } {
  const latch = useLatchInstance()
  const { t } = useI18n()
  const [copied, setCopied] = useState(false)
  const copy = () => {
    navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true)
        latch.snackbar.showSuccess(t(messages.copied))
      },
      () => latch.snackbar.showError(t(messages.failed)),
    )
  }
  return { copied, copy }
}
