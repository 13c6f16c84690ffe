/** Port `startDevnet` runs the mail catcher's SMTP server on unless told otherwise. */
export const DEFAULT_SMTP_PORT = 2525

/** Port `startDevnet` runs the mail catcher's HTTP inbox on unless told otherwise. */
export const DEFAULT_INBOX_PORT = 8549

/** Limits that keep one dev mail catcher's memory bounded whatever is sent to it. */
export const MAIL_CATCHER_LIMITS = {
  /** Messages kept; the oldest goes first. */
  maxMessages: 1000,
  /** Largest message accepted (SMTP SIZE); a bigger one is refused with 552. */
  maxMessageBytes: 10 * 1024 * 1024,
} as const

/** How long `stop()` lets an open SMTP session finish before closing it. */
export const SMTP_CLOSE_TIMEOUT_MS = 500
