import type { FastifyCorsOptionsDelegatePromise } from '@fastify/cors'
import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { corsOptions } from './cors.ts'

const projectOrigin = 'https://shop.example'
const delegator = corsOptions({
  corsOrigins: ['https://demo.example'],
  allowLocalhost: true,
  projects: { isKnownOrigin: async (origin) => origin === projectOrigin },
}).delegator as FastifyCorsOptionsDelegatePromise

const request = (origin: string | undefined, preflight = false) =>
  ({
    method: preflight ? 'OPTIONS' : 'GET',
    headers: {
      ...(origin && { origin }),
      ...(preflight && { 'access-control-request-method': 'POST' }),
    },
  }) as unknown as FastifyRequest

describe('corsOptions', () => {
  it('allows the configured origins, localhost in development, and any project origin', async () => {
    for (const origin of ['https://demo.example', 'http://localhost:5173', projectOrigin])
      expect(await delegator(request(origin))).toEqual({ origin: true, credentials: true })
  })

  it('lets a request without an Origin through', async () => {
    expect(await delegator(request(undefined))).toEqual({ origin: true, credentials: true })
  })

  it('answers an unknown origin without CORS headers, and refuses its preflight with a reason', async () => {
    expect(await delegator(request('https://evil.example'))).toEqual({
      origin: false,
      credentials: true,
    })
    await expect(delegator(request('https://evil.example', true))).rejects.toMatchObject({
      statusCode: 403,
      message: 'Origin https://evil.example is not allowed',
    })
  })

  it('refuses localhost when the server does not allow it', async () => {
    const strict = corsOptions({
      corsOrigins: [],
      allowLocalhost: false,
      projects: { isKnownOrigin: async () => false },
    }).delegator as FastifyCorsOptionsDelegatePromise
    expect(await strict(request('http://localhost:5173'))).toMatchObject({ origin: false })
  })
})
