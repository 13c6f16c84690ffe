export type SnackbarVariant = 'success' | 'error' | 'loading'

/** An icon shown instead of the variant's own. */
export type SnackbarSvg = { icon: string; iconColor?: string }

/** Snackbar message: text, variant (success, error, loading), icon, open, auto-close. */
export type SnackbarState = {
  message: string
  variant: SnackbarVariant
  svg?: SnackbarSvg
  open: boolean
  autoClose: boolean
}
