import { DEV_EMAIL_DOMAIN } from './constants.ts'

/** What the dev provider says about the account a login name stands for. */
export type DevAccountClaims = {
  sub: string
  email: string
  email_verified: true
  preferred_username: string
}

/**
 * Any login name is an account (the devInteractions form takes any name and password):
 * `alice@example.test` keeps its email, `alice` becomes `alice@dev.latch.test`.
 */
export function devAccountClaims(login: string): DevAccountClaims {
  const email = login.includes('@') ? login : `${login}@${DEV_EMAIL_DOMAIN}`
  const at = login.indexOf('@')
  return {
    sub: login,
    email,
    email_verified: true,
    preferred_username: at === -1 ? login : login.slice(0, at),
  }
}
