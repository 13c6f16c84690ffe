import { z } from 'zod'
import { FACEBOOK_GRAPH_VERSION } from './constants.ts'

/** Who logged in, as a provider's user endpoint tells it. */
export type ProviderIdentity = {
  subject: string
  email?: string
  /** True only when the provider says it checked the address. */
  emailVerified?: boolean
  username?: string
}

/** Reads one JSON document from a provider's API with the user's access token. */
export type ApiGet = (url: string) => Promise<unknown>

/** Reads the identity of the user an access token belongs to. */
export type IdentityReader = (get: ApiGet) => Promise<ProviderIdentity>

function withoutEmpty(identity: ProviderIdentity): ProviderIdentity {
  const out: ProviderIdentity = { subject: identity.subject }
  if (identity.email) out.email = identity.email
  if (identity.email && identity.emailVerified !== undefined) {
    out.emailVerified = identity.emailVerified
  }
  if (identity.username) out.username = identity.username
  return out
}

const githubUser = z.object({
  id: z.number(),
  login: z.string(),
  email: z.string().nullish(),
})
const githubEmails = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
)

/**
 * GitHub: GET /user, then GET /user/emails (scope user:email) for the verified primary address;
 * the profile's public email, when that list is out of reach, counts as unverified.
 */
export const readGithubIdentity: IdentityReader = async (get) => {
  const user = githubUser.parse(await get('https://api.github.com/user'))
  const emails = githubEmails.safeParse(
    await get('https://api.github.com/user/emails').catch(() => undefined),
  )
  const primary = emails.success
    ? emails.data.find((entry) => entry.primary && entry.verified)
    : undefined
  return withoutEmpty({
    subject: String(user.id),
    email: primary?.email ?? user.email ?? undefined,
    emailVerified: primary !== undefined,
    username: user.login,
  })
}

const discordUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
})

/** Discord: GET /users/@me (scopes identify email); `verified` tells whether the email is. */
export const readDiscordIdentity: IdentityReader = async (get) => {
  const user = discordUser.parse(await get('https://discord.com/api/users/@me'))
  return withoutEmpty({
    subject: user.id,
    email: user.email ?? undefined,
    emailVerified: user.verified === true,
    username: user.username,
  })
}

const xUser = z.object({ data: z.object({ id: z.string(), username: z.string() }) })

/** X: GET /2/users/me (scopes users.read tweet.read); X shares no email with these scopes. */
export const readXIdentity: IdentityReader = async (get) => {
  const { data } = xUser.parse(await get('https://api.x.com/2/users/me'))
  return withoutEmpty({ subject: data.id, username: data.username })
}

const facebookUser = z.object({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
})

/**
 * Facebook: GET /me?fields=id,name,email. Facebook does not say whether it checked the address,
 * so it counts as unverified (it will not open an email user's wallet).
 */
export const readFacebookIdentity: IdentityReader = async (get) => {
  const user = facebookUser.parse(
    await get(`https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/me?fields=id,name,email`),
  )
  return withoutEmpty({
    subject: user.id,
    email: user.email,
    emailVerified: false,
    username: user.name,
  })
}
