import { describe, expect, it } from 'vitest'
import {
  type ApiGet,
  readDiscordIdentity,
  readFacebookIdentity,
  readGithubIdentity,
  readXIdentity,
} from './oauth2Identity.ts'

/** Answers as the provider's API would, from documents shaped like its documentation's. */
function api(documents: Record<string, unknown>): ApiGet {
  return async (url) => {
    if (!(url in documents)) throw new Error(`404 ${url}`)
    return documents[url]
  }
}

describe('OAuth 2 identities', () => {
  it('github: the verified primary email from /user/emails', async () => {
    const get = api({
      'https://api.github.com/user': { id: 583231, login: 'octocat', email: 'public@example.test' },
      'https://api.github.com/user/emails': [
        { email: 'old@example.test', primary: false, verified: true },
        { email: 'octocat@example.test', primary: true, verified: true },
      ],
    })
    expect(await readGithubIdentity(get)).toEqual({
      subject: '583231',
      email: 'octocat@example.test',
      emailVerified: true,
      username: 'octocat',
    })
  })

  it('github: without /user/emails the public email is unverified', async () => {
    const get = api({
      'https://api.github.com/user': { id: 1, login: 'octocat', email: 'public@example.test' },
    })
    expect(await readGithubIdentity(get)).toEqual({
      subject: '1',
      email: 'public@example.test',
      emailVerified: false,
      username: 'octocat',
    })
    const noEmail = api({ 'https://api.github.com/user': { id: 2, login: 'ghost', email: null } })
    expect(await readGithubIdentity(noEmail)).toEqual({ subject: '2', username: 'ghost' })
  })

  it('discord: verified tells whether the email is', async () => {
    const me = { id: '80351110224678912', username: 'nelly', email: 'nelly@example.test' }
    const verified = api({ 'https://discord.com/api/users/@me': { ...me, verified: true } })
    expect(await readDiscordIdentity(verified)).toEqual({
      subject: '80351110224678912',
      email: 'nelly@example.test',
      emailVerified: true,
      username: 'nelly',
    })
    const unverified = api({ 'https://discord.com/api/users/@me': { ...me, verified: false } })
    expect((await readDiscordIdentity(unverified)).emailVerified).toBe(false)
  })

  it('x: id and username, no email', async () => {
    const get = api({
      'https://api.x.com/2/users/me': {
        data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' },
      },
    })
    expect(await readXIdentity(get)).toEqual({ subject: '2244994945', username: 'XDevelopers' })
  })

  it('facebook: an email it does not vouch for', async () => {
    const get = api({
      'https://graph.facebook.com/v23.0/me?fields=id,name,email': {
        id: '10158',
        name: 'Mark',
        email: 'mark@example.test',
      },
    })
    expect(await readFacebookIdentity(get)).toEqual({
      subject: '10158',
      email: 'mark@example.test',
      emailVerified: false,
      username: 'Mark',
    })
  })

  it('refuses a document of the wrong shape', async () => {
    const get = api({ 'https://discord.com/api/users/@me': { id: 42 } })
    await expect(readDiscordIdentity(get)).rejects.toThrow()
  })
})
