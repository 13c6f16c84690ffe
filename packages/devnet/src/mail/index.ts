export { type MailCatcher, type MailCatcherOptions, startMailCatcher } from './catcher.ts'
export { DEFAULT_INBOX_PORT, DEFAULT_SMTP_PORT, MAIL_CATCHER_LIMITS } from './constants.ts'
export { type ParsedMail, parseMail } from './mime.ts'
export type { CaughtMail } from './store.ts'
