import { randomBytes } from 'node:crypto'
import { coinTypeOfChain, type RegisterNameBody } from '@latch/protocol'
import type { LightMyRequestResponse } from 'fastify'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { expect, inject } from 'vitest'
import type { TestServer } from './helpers.ts'

const devnet = inject('devnet')
export const chainA = devnet.chains[0] as (typeof devnet.chains)[number]
export const chainB = devnet.chains[1] as (typeof devnet.chains)[number]
export const COIN_A = coinTypeOfChain(chainA.chainId)
export const COIN_B = coinTypeOfChain(chainB.chainId)
export const ZONE = 'latch.id'
const PROJECT = 'projectId=latch-dev&st=react&sv=0.1.0'

export const freshKey = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey())
/** A label no other test uses. */
export const freshLabel = (prefix = 'n'): string => `${prefix}${randomBytes(6).toString('hex')}`
export const nowSeconds = (): number => Math.floor(Date.now() / 1000)

/** Anything that signs an EIP-191 message: a key, or an owner signing for a smart account. */
export type MessageSigner = { signMessage(args: { message: string }): Promise<`0x${string}`> }

/** A body signed by `signer` for `address` (its own unless given) over the message's JSON text. */
export async function signedBody(
  signer: PrivateKeyAccount,
  message: Record<string, unknown> | string,
  options: { coinType?: number; address?: string; signWith?: MessageSigner } = {},
): Promise<RegisterNameBody> {
  const text = typeof message === 'string' ? message : JSON.stringify(message)
  return {
    coin_type: options.coinType ?? COIN_A,
    address: options.address ?? signer.address,
    message: text,
    signature: await (options.signWith ?? signer).signMessage({ message: text }),
  }
}

/**
 * A registration body of a fresh name signed by a key that is not its address's: it passes the
 * route's schema and counts against the per-IP write limit, then is refused 401.
 */
export const misSignedRegistration = () =>
  signedBody(
    freshKey(),
    { name: `${freshLabel('m')}.${ZONE}`, attributes: {}, timestamp: nowSeconds() },
    { address: freshKey().address },
  )

/** The calls the kit makes, through `inject`; each write from its own IP unless one is given. */
export function namesApi(server: TestServer) {
  let calls = 0
  const nextIp = () => `198.51.100.${(calls++ % 250) + 1}`
  const get = (url: string) =>
    server.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}${PROJECT}` })
  const post = (url: string, body: unknown, ip = nextIp()) =>
    server.app.inject({
      method: 'POST',
      url: `${url}?${PROJECT}`,
      payload: body as object,
      remoteAddress: ip,
    })
  return {
    register: (body: unknown, ip?: string) => post('/v1/profile/account', body, ip),
    updateAttributes: (name: string, body: unknown) =>
      post(`/v1/profile/account/${name}/attributes`, body),
    updateAddress: (name: string, body: unknown) =>
      post(`/v1/profile/account/${name}/address`, body),
    lookup: (name: string, query = '?apiVersion=2') => get(`/v1/profile/account/${name}${query}`),
    reverse: (address: string) => get(`/v1/profile/reverse/${address}?apiVersion=2`),
    suggestions: (name: string, zone?: string) =>
      get(`/v1/profile/suggestions/${name}${zone === undefined ? '' : `?zone=${zone}`}`),
    identity: (address: string, query = '') => get(`/v1/identity/${address}${query}`),
    /** Registers `<label>.latch.id` for a fresh key (or `signer`); expects a 200. */
    async registerFresh(
      options: { label?: string; signer?: PrivateKeyAccount; attributes?: object } = {},
    ) {
      const signer = options.signer ?? freshKey()
      const name = `${options.label ?? freshLabel()}.${ZONE}`
      const body = await signedBody(signer, {
        name,
        attributes: options.attributes ?? {},
        timestamp: nowSeconds(),
      })
      const response = await post('/v1/profile/account', body)
      if (response.statusCode !== 200)
        throw new Error(`registration of ${name} failed: ${response.body}`)
      return { name, signer, record: response.json() }
    },
  }
}

/** Expects an error answer of this status and message (a RegExp, or the exact text). */
export function expectError(
  response: LightMyRequestResponse,
  statusCode: number,
  message: string | RegExp,
): void {
  expect({ statusCode: response.statusCode, message: response.json().message }).toEqual({
    statusCode,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  })
}
