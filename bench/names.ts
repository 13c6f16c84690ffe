import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDevnet } from '@latch/devnet'
import { coinTypeOfChain } from '@latch/protocol/names'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { spawnServer } from './server.ts'

/**
 * `npm run bench:names -w @latch/bench`: POST /v1/profile/account (a signed registration, EOA),
 * GET /v1/profile/account/{name} and GET /v1/profile/reverse/{address}, time from request to
 * answer, the server in its own process (PGlite). 15 registrations: the route limits them per IP.
 */
const RUNS = 15
const ORIGIN = 'http://127.0.0.1:5173'
const CHAIN_ID = 31337

const scratch = mkdtempSync(path.join(tmpdir(), 'latch-bench-names-'))
const devnet = await startDevnet({
  ports: [0, 0],
  relayPort: 0,
  manifestPath: path.join(scratch, 'devnet.json'),
})
const server = await spawnServer({
  DATA_DIR: scratch,
  DEVNET_MANIFEST: path.join(scratch, 'devnet.json'),
  INDEXER_ENABLED: 'false',
})
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const max = (values: number[]) => Math.max(...values)
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
  const line = (values: number[]) =>
    `p50 ${p50(values)?.toFixed(1)} ms, max ${max(values).toFixed(1)} ms`
  console.log(`register a name (EIP-191 check, one insert), ${RUNS} names: ${line(register)}`)
  console.log(`look up a name: ${line(lookup)}; reverse lookup of an address: ${line(reverse)}`)
} finally {
  server.stop()
  await devnet.stop()
  rmSync(scratch, { recursive: true, force: true })
}
