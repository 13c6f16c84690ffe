import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo, Server } from 'node:net'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import { MAIL_CATCHER_LIMITS, SMTP_CLOSE_TIMEOUT_MS } from './constants.ts'
import { inboxHandler } from './inbox.ts'
import { parseMail } from './mime.ts'
import { type CaughtMail, MailStore } from './store.ts'

export type MailCatcherOptions = {
  /** Interface both listeners use; default 127.0.0.1. */
  host?: string
  /** SMTP port; 0 (default) lets the OS pick a free port. */
  smtpPort?: number
  /** HTTP inbox port; 0 (default) lets the OS pick a free port. */
  inboxPort?: number
  /** One line per caught message; silent by default. */
  log?: (line: string) => void
}

export type MailCatcher = {
  /** `smtp://127.0.0.1:PORT`: what nodemailer takes (no auth, no TLS). */
  smtpUrl: string
  /** `http://127.0.0.1:PORT`: `GET {inboxUrl}/messages?to=<address>`, `DELETE {inboxUrl}/messages`. */
  inboxUrl: string
  /** The caught messages, newest last. */
  messages(): CaughtMail[]
  /** Closes both listeners; safe to call twice. */
  stop(): Promise<void>
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

function readStream(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.once('error', reject)
    stream.once('end', () => resolve(Buffer.concat(chunks)))
  })
}

function listen(server: Server, what: string, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host }, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch((error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${port} is in use` : error.message
    throw new Error(`${what} could not listen on ${host}:${port}: ${reason}`, { cause: error })
  })
}

/**
 * Starts the dev mail catcher: a real SMTP server on loopback (no auth, no TLS) that keeps every
 * message in memory, and an HTTP inbox to read them, so tests and the dev log see the mail the
 * server sends with no network.
 *
 * @example
 * const catcher = await startMailCatcher()
 * await nodemailer.createTransport(catcher.smtpUrl).sendMail({ to: 'a@b.test', text: 'hi' })
 * await fetch(`${catcher.inboxUrl}/messages?to=a@b.test`) // [{ subject, text, ... }]
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const { host = '127.0.0.1', smtpPort = 0, inboxPort = 0 } = options
  const log = options.log ?? (() => {})
  const store = new MailStore()

  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A mailer configured with credentials may still AUTH over plain text: any login is fine.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'dev' }),
    size: MAIL_CATCHER_LIMITS.maxMessageBytes,
    rejectOversized: true,
    logger: false,
    banner: 'Latch devnet mail catcher',
    closeTimeout: SMTP_CLOSE_TIMEOUT_MS,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      readStream(stream).then(
        (raw) => {
          if (stream.sizeExceeded) return callback()
          const parsed = parseMail(raw)
          const mailFrom = session.envelope.mailFrom
          const mail: CaughtMail = {
            id: randomUUID(),
            from: parsed.from || (mailFrom ? mailFrom.address : ''),
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject,
            text: parsed.text,
            receivedAt: new Date().toISOString(),
          }
          if (parsed.html !== undefined) mail.html = parsed.html
          store.add(mail)
          log(`mail: "${mail.subject}" to ${mail.to.join(', ')}`)
          callback(null, `queued as ${mail.id}`)
        },
        (error: Error) => callback(error),
      )
    },
  })
  // A client that drops mid-session must not take the devnet down.
  smtp.on('error', (error: Error) => log(`mail: SMTP error: ${error.message}`))

  const inbox = createServer(inboxHandler(store))
  const stopSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()))
  const stopInbox = () =>
    new Promise<void>((resolve) => {
      inbox.close(() => resolve())
      inbox.closeAllConnections()
    })

  const [smtpListening, inboxListening] = await Promise.allSettled([
    listen(smtp.server, 'mail catcher SMTP', host, smtpPort),
    listen(inbox, 'mail catcher inbox', host, inboxPort),
  ])
  const failed = [smtpListening, inboxListening].find((result) => result.status === 'rejected')
  if (failed) {
    await Promise.all([
      smtpListening.status === 'fulfilled' && stopSmtp(),
      inboxListening.status === 'fulfilled' && stopInbox(),
    ])
    throw failed.reason
  }

  const boundSmtp = (smtp.server.address() as AddressInfo).port
  const boundInbox = (inbox.address() as AddressInfo).port
  let stopped: Promise<void> | undefined
  return {
    smtpUrl: `smtp://${hostForUrl(host)}:${boundSmtp}`,
    inboxUrl: `http://${hostForUrl(host)}:${boundInbox}`,
    messages: () => store.list(),
    stop: () => {
      stopped ??= Promise.all([stopSmtp(), stopInbox()]).then(() => {})
      return stopped
    },
  }
}
