import { randomBytes } from 'node:crypto'
import { formatSiweMessage } from '@latch/protocol/siwx'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEMO_ORIGIN, type TestServer } from './helpers.ts'

const QUERY = '?projectId=latch-dev&st=react&sv=0.1.0'

/** A client IP of its own per call (TEST-NET-3), so no per-IP limit of another test counts it. */
export const freshIp = () => `203.0.${randomBytes(1)[0]}.${(randomBytes(1)[0] ?? 0) % 250}`

/** A call of the SIWX routes as the demo page makes it; the token as Bearer when given. */
export const siwxCall = (
  server: TestServer,
  method: 'GET' | 'POST',
  route: string,
  options: { body?: unknown; token?: string } = {},
) =>
  server.app.inject({
    method,
    url: `/auth/v1/siwx/${route}${QUERY}`,
    headers: {
      origin: DEMO_ORIGIN,
      ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
    },
    ...(options.body !== undefined && { payload: options.body as object }),
    remoteAddress: freshIp(),
  })

/**
 * A sign-in message for the demo over a nonce `issuer` gave, signed by a fresh key: for the key's
 * own address, or for `address` (a contract account, which only its chain can judge).
 */
export async function signedSiwx(issuer: TestServer, chainId: number, address?: `0x${string}`) {
  const nonce = (await siwxCall(issuer, 'GET', 'nonce')).json().nonce as string
  const signer = privateKeyToAccount(generatePrivateKey())
  const text = formatSiweMessage({
    domain: new URL(DEMO_ORIGIN).host,
    address: address ?? signer.address,
    statement: 'Sign in to the Latch demo',
    uri: `${DEMO_ORIGIN}/`,
    version: '1',
    chainId,
    nonce,
    issuedAt: new Date().toISOString(),
  })
  return { message: text, signature: await signer.signMessage({ message: text }) }
}
