import { formatSiweMessage } from '@latch/protocol/siwx'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { p50AndMax, startBenchStack } from './server.ts'

/**
 * `npm run bench:siwx -w @latch/bench`: POST /auth/v1/siwx/verify for an EOA (EIP-191), time
 * from request to answer, the server in its own process. 25 sign-ins: the route allows 30 per
 * minute per IP.
 */
const RUNS = 25
const ORIGIN = 'http://127.0.0.1:5173'

const server = await startBenchStack('siwx')
try {
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const account = privateKeyToAccount(generatePrivateKey())
    const headers = { origin: ORIGIN, 'content-type': 'application/json' }
    const { nonce } = (await (
      await fetch(`${server.url}/auth/v1/siwx/nonce?projectId=latch-dev`, { headers })
    ).json()) as { nonce: string }
    const message = formatSiweMessage({
      domain: '127.0.0.1:5173',
      address: account.address,
      uri: ORIGIN,
      version: '1',
      chainId: 31337,
      nonce,
      issuedAt: new Date().toISOString(),
    })
    const signature = await account.signMessage({ message })
    const started = performance.now()
    const response = await fetch(`${server.url}/auth/v1/siwx/verify?projectId=latch-dev`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message, signature }),
    })
    times.push(performance.now() - started)
    if (!response.ok)
      throw new Error(`verify answered ${response.status}: ${await response.text()}`)
  }
  console.log(
    `SIWX verify (EOA, EIP-191), ${RUNS} sign-ins: ${p50AndMax(times)} (nonce consumed and session written in one transaction, PGlite)`,
  )
} finally {
  await server.stop()
}
