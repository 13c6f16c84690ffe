export type AlertVariant = 'error' | 'warning' | 'success' | 'info'

export type AlertState = {
  /** The title, for a known alert: its short message. */
  title?: string
  message?: string
  variant: AlertVariant
  open: boolean
}

/** An alert the kit raises itself: the short message is fixed product wording, details say more. */
export type KnownAlert = {
  shortMessage: string
  longMessage: string
  variant: AlertVariant
}
