import { MAIL_CATCHER_LIMITS } from './constants.ts'

/** One message the catcher received, as the inbox serves it. */
export type CaughtMail = {
  id: string
  /** The From header, decoded (e.g. `Latch <no-reply@latch.test>`). */
  from: string
  /** The SMTP envelope's recipients: who the message was delivered to, Bcc included. */
  to: string[]
  subject: string
  /** The text/plain body, with LF line ends; '' when the message has none. */
  text: string
  html?: string
  /** ISO 8601 time the message was received. */
  receivedAt: string
}

/** The caught messages in arrival order, capped: the oldest goes first. */
export class MailStore {
  readonly #messages: CaughtMail[] = []
  readonly #limit: number

  constructor(limit: number = MAIL_CATCHER_LIMITS.maxMessages) {
    this.#limit = limit
  }

  add(mail: CaughtMail): void {
    this.#messages.push(mail)
    if (this.#messages.length > this.#limit) {
      this.#messages.splice(0, this.#messages.length - this.#limit)
    }
  }

  /** Every message, or those delivered to `to` (compared case-insensitively); newest last. */
  list(to?: string): CaughtMail[] {
    if (!to) return [...this.#messages]
    const wanted = to.trim().toLowerCase()
    return this.#messages.filter((mail) =>
      mail.to.some((address) => address.toLowerCase() === wanted),
    )
  }

  clear(): void {
    this.#messages.length = 0
  }
}
