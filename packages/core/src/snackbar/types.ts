import type { Text } from '@latch/protocol/i18n'

export type SnackbarVariant = 'success' | 'error' | 'loading'

/** An icon shown instead of the variant's own. */
export type SnackbarSvg = { icon: string; iconColor?: string }

/** Snackbar message: text, variant (success, error, loading), icon, open, auto-close. */
export type SnackbarState = {
  /** English words, or a phrase the modal words in its language. */
  message: Text
  variant: SnackbarVariant
  svg?: SnackbarSvg
  open: boolean
  autoClose: boolean
}
