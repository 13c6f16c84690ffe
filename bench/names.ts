import { coinTypeOfChain } from '@latch/protocol/names'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { p50AndMax, startBenchStack } from './server.ts'

/**
 * `npm run bench:names -w @latch/bench`: POST /v1/profile/account (a signed registration, EOA),
 * GET /v1/profile/account/{name} and GET /v1/profile/reverse/{address}, time from request to
 * answer, the server in its own process (PGlite). 15 registrations: the route limits them per IP.
 */
const RUNS = 15
const ORIGIN = 'http://127.0.0.1:5173'
const CHAIN_ID = 31337

const server = await startBenchStack('names')
const timed = async (url: string, init?: RequestInit) => {
  const started = performance.now()
  const response = await fetch(url, init)
  const elapsed = performance.now() - started
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
  await response.arrayBuffer()
  return elapsed
}
try {
  const register: number[] = []
  const lookup: number[] = []
  const reverse: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const account = privateKeyToAccount(generatePrivateKey())
    const name = `bench-${run}-${Date.now().toString(36)}.latch.id`
    const message = JSON.stringify({
      name,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    const signature = await account.signMessage({ message })
    register.push(
      await timed(`${server.url}/v1/profile/account?projectId=latch-dev`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({
          coin_type: coinTypeOfChain(CHAIN_ID),
          address: account.address,
          message,
          signature,
        }),
      }),
    )
    lookup.push(
      await timed(`${server.url}/v1/profile/account/${name}?apiVersion=2&projectId=latch-dev`),
    )
    reverse.push(
      await timed(
        `${server.url}/v1/profile/reverse/${account.address}?apiVersion=2&projectId=latch-dev`,
      ),
    )
  }
  console.log(`register a name (EIP-191 check, one insert), ${RUNS} names: ${p50AndMax(register)}`)
  console.log(
    `look up a name: ${p50AndMax(lookup)}; reverse lookup of an address: ${p50AndMax(reverse)}`,
  )
} finally {
  await server.stop()
}
