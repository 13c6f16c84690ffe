import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { HttpError } from '../errors.ts'

/** One mail: plain text for every client, and the same in simple HTML. */
export type Mail = { to: string; subject: string; text: string; html: string }

/** Sends mail; rejects when the SMTP server did not take it. */
export interface MailTransport {
  send(mail: Mail): Promise<void>
  close(): void
}

/** Mail over SMTP (SMTP_URL: `smtp://user:pass@host:port`, `smtps://...`). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail) {
      await transporter.sendMail({ from, ...mail })
    },
    close: () => transporter.close(),
  }
}

export const EMAIL_NOT_CONFIGURED = 'Email login is not configured'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const page = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:sans-serif">${paragraphs
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('')}</body></html>`

/**
 * The embedded wallet's mails: login and update codes, and device-approval links. Failures are
 * logged without the code and answered 503; with `devLogCodes` (development, mail going to the
 * devnet catcher) each code is also written to the log, never in production.
 */
export class WalletMailer {
  readonly #transport: MailTransport | undefined
  readonly #devLogCodes: boolean

  constructor(transport: MailTransport | undefined, options: { devLogCodes: boolean }) {
    this.#transport = transport
    this.#devLogCodes = options.devLogCodes
  }

  /** Whether mail can be sent at all; email login answers 503 when not. */
  get configured(): boolean {
    return this.#transport !== undefined
  }

  /** 503 when no SMTP server is configured. */
  assertConfigured(): void {
    if (!this.#transport) throw new HttpError(503, EMAIL_NOT_CONFIGURED)
  }

  async sendLoginCode(to: string, code: string, log: FastifyBaseLogger): Promise<void> {
    if (this.#devLogCodes) log.info(`dev mail: code ${code} for ${to}`)
    await this.#send(
      {
        to,
        subject: `Your Latch code: ${code}`,
        text: `Your login code is ${code}.\n\nIt works for 10 minutes. If you did not ask for it, ignore this mail.\n`,
        html: page([
          `Your login code is <b style="font-size:1.4em;letter-spacing:0.2em">${code}</b>.`,
          'It works for 10 minutes. If you did not ask for it, ignore this mail.',
        ]),
      },
      log,
    )
  }

  async sendDeviceApproval(to: string, link: string, log: FastifyBaseLogger): Promise<void> {
    if (this.#devLogCodes) log.info(`dev mail: device approval link ${link} for ${to}`)
    await this.#send(
      {
        to,
        subject: 'Approve your new device for Latch',
        text:
          'Someone is logging in to your Latch wallet from a new device. If it is you, open this ' +
          `link to approve it (it works for 15 minutes):\n\n${link}\n\nIf it is not you, ignore this mail.\n`,
        html: page([
          'Someone is logging in to your Latch wallet from a new device. If it is you, approve it ' +
            '(the link works for 15 minutes):',
          `<a href="${escapeHtml(link)}">Approve this device</a>`,
          'If it is not you, ignore this mail.',
        ]),
      },
      log,
    )
  }

  /** A code of an email change: `which` says whether it goes to the current or the new address. */
  async sendUpdateCode(
    to: string,
    code: string,
    which: 'current' | 'new',
    log: FastifyBaseLogger,
  ): Promise<void> {
    if (this.#devLogCodes) log.info(`dev mail: code ${code} for ${to}`)
    const why =
      which === 'current'
        ? 'Your Latch wallet is changing its email address. Confirm it is you with this code:'
        : 'Your Latch wallet is moving to this email address. Confirm the address with this code:'
    await this.#send(
      {
        to,
        subject: `Your Latch code: ${code}`,
        text: `${why} ${code}\n\nIt works for 10 minutes. If you did not ask for it, ignore this mail.\n`,
        html: page([
          `${why} <b style="font-size:1.4em;letter-spacing:0.2em">${code}</b>`,
          'It works for 10 minutes. If you did not ask for it, ignore this mail.',
        ]),
      },
      log,
    )
  }

  close(): void {
    this.#transport?.close()
  }

  async #send(mail: Mail, log: FastifyBaseLogger): Promise<void> {
    if (!this.#transport) throw new HttpError(503, EMAIL_NOT_CONFIGURED)
    try {
      await this.#transport.send(mail)
    } catch (error) {
      // The mail itself (its code or link) stays out of the log: only why it failed.
      log.error({ reason: error instanceof Error ? error.message : String(error) }, 'mail failed')
      throw new HttpError(503, 'Could not send the email: try again later')
    }
  }
}
