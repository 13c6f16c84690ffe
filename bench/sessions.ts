import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDevnet } from '@latch/devnet'
import type { GrantResponse } from '@latch/protocol/smart-sessions'
import {
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  toHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { sendWithSession } from '../packages/core/src/sessions/sendWithSession.ts'
import { freePort } from '../scripts/postgres.ts'
import { spawnServer } from './server.ts'

/**
 * `npm run bench:sessions -w @latch/bench`: smart sessions on the devnet, the server in its own
 * process. An email user's smart account grants "10 USDC a day, transfer only" to a site key
 * through the embedded wallet's RPC (wallet_grantPermissions: one owner-signed user operation,
 * answered once it is in a block), the first grant installing the validator and RUNS more each
 * enabling one more session; then RUNS transfers signed by a session key and sent with
 * sendWithSession through the server's gateway and bundler route, each timed from the call to
 * the receipt (nonce, gas price, estimate, sign, submit, inclusion). Median and p95.
 */
const RUNS = 15
const DAY = 86_400

function medianAndP95(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return `median ${(at(0.5) ?? Number.NaN).toFixed(0)} ms, p95 ${(at(0.95) ?? Number.NaN).toFixed(0)} ms`
}

async function readCode(inboxUrl: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const messages = (await (
      await fetch(`${inboxUrl}/messages?to=${encodeURIComponent(to)}`)
    ).json()) as { subject: string }[]
    const code = /\b(\d{6})\b/.exec(messages.at(-1)?.subject ?? '')?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no login mail for ${to}`)
}

export async function benchSessions(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'latch-bench-sessions-'))
  const manifestPath = path.join(scratch, 'devnet.json')
  const devnet = await startDevnet({ ports: [0, 0], relayPort: 0, manifestPath })
  const framePort = await freePort()
  const frameUrl = `http://127.0.0.1:${framePort}`
  try {
    const server = await spawnServer({
      DATA_DIR: scratch,
      DEVNET_MANIFEST: manifestPath,
      INDEXER_ENABLED: 'false',
      RPC_RATE_LIMIT: '100000',
      FRAME_PORT: String(framePort),
      FRAME_URL: frameUrl,
    })
    try {
      const [chain] = devnet.manifest.chains
      const inboxUrl = devnet.manifest.mail?.inboxUrl
      const validator = chain?.contracts.latchSessionValidator
      if (!chain?.bundlerUrl || !inboxUrl || !validator)
        throw new Error('the devnet has no bundler, mail catcher or session validator')
      const usdc = chain.tokens.find((token) => token.symbol === 'USDC')?.address as Hex
      const wallet = async (route: string, body: object, token?: string) => {
        const response = await fetch(`${frameUrl}/wallet/v1/${route}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: frameUrl,
            ...(token && { authorization: `Bearer ${token}` }),
          },
          body: JSON.stringify(body),
        })
        const answer = await response.json()
        if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(answer)}`)
        return answer
      }

      // An email user: their smart account gets ether for gas and 100 USDC.
      const email = `bench-${randomBytes(4).toString('hex')}@example.com`
      const deviceId = randomBytes(18).toString('base64url')
      await wallet('email/start', { email, deviceId, projectId: 'latch-dev' })
      const login = await wallet('email/verify', {
        email,
        otp: await readCode(inboxUrl, email),
        deviceId,
      })
      const token: string = login.sessionToken
      const smart = (login.user.accounts as { type: string; address: Hex }[]).find(
        (account) => account.type === 'smartAccount',
      )?.address as Hex
      const anvil = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      await anvil.setBalance({ address: smart, value: parseEther('10') })
      const holder = devnet.manifest.accounts[0]?.address as Hex
      await anvil.impersonateAccount({ address: holder })
      await client.waitForTransactionReceipt({
        hash: await anvil.sendUnsignedTransaction({
          from: holder,
          to: usdc,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [smart, 100_000_000n],
          }),
        }),
      })

      const grant = async (publicKey: Hex): Promise<GrantResponse> => {
        const now = Number((await client.getBlock()).timestamp)
        const request = {
          chainId: toHex(chain.chainId),
          expiry: now + 7 * DAY,
          signer: { type: 'key', data: { type: 'secp256k1', publicKey } },
          permissions: [
            {
              type: 'contract-call',
              data: { address: usdc, functions: ['transfer(address,uint256)'] },
            },
            {
              type: 'erc20-token-periodic',
              data: { tokenAddress: usdc, periodAmount: '10000000', periodDuration: DAY },
            },
          ],
        }
        const answer = await wallet(
          'rpc',
          {
            method: 'wallet_grantPermissions',
            params: [request],
            chainId: chain.chainId,
            projectId: 'latch-dev',
            origin: 'https://bench.example',
          },
          token,
        )
        return answer.result as GrantResponse
      }

      const key = privateKeyToAccount(generatePrivateKey())
      let started = performance.now()
      const session = await grant(key.publicKey)
      const firstGrant = performance.now() - started
      const grants: number[] = []
      for (let run = 0; run < RUNS; run++) {
        started = performance.now()
        await grant(privateKeyToAccount(generatePrivateKey()).publicKey)
        grants.push(performance.now() - started)
      }
      console.log(
        `wallet_grantPermissions through the embedded wallet (install + enable, to the block): first (installs the validator) ${firstGrant.toFixed(0)} ms; next ${RUNS} ${medianAndP95(grants)}`,
      )

      // The spends: 0.5 USDC each, within the day's 10 USDC for RUNS + 1 runs.
      const to = privateKeyToAccount(generatePrivateKey()).address
      const sends: number[] = []
      let firstSend = 0
      for (let run = 0; run <= RUNS; run++) {
        started = performance.now()
        const result = await sendWithSession({
          serverUrl: server.url,
          projectId: 'latch-dev',
          chainId: chain.chainId,
          account: smart,
          validator,
          pci: session.context,
          sessionKey: key,
          calls: [
            {
              to: usdc,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'transfer',
                args: [to, 500_000n],
              }),
            },
          ],
          pollingIntervalMs: 10,
        })
        if (!result.success) throw new Error('a session transfer failed')
        if (run === 0) firstSend = performance.now() - started
        else sends.push(performance.now() - started)
      }
      console.log(
        `session-signed user operation (sendWithSession through /v1 and /v1/bundler, to the receipt): first ${firstSend.toFixed(0)} ms; next ${RUNS} ${medianAndP95(sends)}`,
      )
    } finally {
      server.stop()
    }
  } finally {
    await devnet.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSessions()
