import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDevnet } from '@latch/devnet'
import type { DevnetChain } from '@latch/protocol'
import { createPublicClient, createTestClient, defineChain, http, parseEther } from 'viem'
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { toLatchSmartAccount } from '../apps/server/src/smartAccounts/latchAccount.ts'
import { p50AndMax, spawnServer } from './server.ts'

/**
 * `npm run bench:userop -w @latch/bench`: user operations of a LatchAccount on the devnet, sent
 * by viem's bundler client through the server's bundler route (the server in its own process),
 * the same sponsored by the server's paymaster (ERC-7677 through POST /v1/paymaster: a stub,
 * then the signed data once the gas is estimated; the account holds no ether), and straight to
 * alto: the first (which deploys the account) and RUNS more, each timed from the call to
 * sendUserOperation (estimate, sign, submit) and from the bundler's acceptance to the receipt,
 * polled every 10 ms.
 */
const RUNS = 20
const POLL_MS = 10

async function measure(
  label: string,
  chain: DevnetChain,
  rpcUrl: string,
  bundlerUrl: string,
  paymasterUrl?: string,
) {
  const viemChain = defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createPublicClient({ chain: viemChain, transport: http() })
  const account = await toLatchSmartAccount({
    client,
    owner: privateKeyToAccount(generatePrivateKey()),
    factory: chain.contracts.latchAccountFactory,
  })
  // A sponsored account holds nothing: the paymaster pays every fee.
  if (!paymasterUrl)
    await createTestClient({
      chain: viemChain,
      mode: 'anvil',
      transport: http(chain.rpcUrl),
    }).setBalance({ address: account.address, value: parseEther('10') })
  const bundler = createBundlerClient({
    account,
    client,
    transport: http(bundlerUrl),
    ...(paymasterUrl && {
      paymaster: createPaymasterClient({ transport: http(paymasterUrl) }),
    }),
  })
  const to = privateKeyToAccount(generatePrivateKey()).address
  const submitted: number[] = []
  const included: number[] = []
  const total: number[] = []
  let first = ''
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now()
    // The sponsored account has no ether to send: it calls instead.
    const calls = [paymasterUrl ? { to, value: 0n, data: '0x01' as const } : { to, value: 1n }]
    const hash = await bundler.sendUserOperation({ calls })
    const accepted = performance.now()
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: POLL_MS })
    const done = performance.now()
    if (!receipt.success) throw new Error(`user operation ${hash} failed`)
    if (paymasterUrl && receipt.paymaster !== chain.contracts.latchPaymaster)
      throw new Error(`user operation ${hash} was not sponsored`)
    if (run === 0) {
      first = `${(accepted - started).toFixed(0)} ms to submit, ${(done - accepted).toFixed(0)} ms to receipt`
      continue
    }
    submitted.push(accepted - started)
    included.push(done - accepted)
    total.push(done - started)
  }
  console.log(`user operations ${label}: first (deploys the account) ${first}`)
  console.log(
    `  next ${RUNS}: sendUserOperation (estimate, sign, submit) ${p50AndMax(submitted)}; ` +
      `submitted to receipt ${p50AndMax(included)}; whole ${p50AndMax(total)}`,
  )
}

export async function benchUserOps(): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'latch-bench-userop-'))
  const manifestPath = path.join(scratch, 'devnet.json')
  const devnet = await startDevnet({ ports: [0, 0], relayPort: 0, manifestPath })
  try {
    const server = await spawnServer({
      DATA_DIR: scratch,
      DEVNET_MANIFEST: manifestPath,
      INDEXER_ENABLED: 'false',
      RPC_RATE_LIMIT: '100000',
      // The dev project sponsors gas, far beyond what the runs spend.
      SPONSORSHIP_BUDGET_WEI: parseEther('100').toString(),
    })
    try {
      const [chain] = devnet.manifest.chains
      if (!chain?.bundlerUrl) throw new Error('the devnet has no bundler')
      const caip = `eip155:${chain.chainId}`
      await measure(
        'through the server (gateway for reads, /v1/bundler)',
        chain,
        `${server.url}/v1?chainId=${caip}&projectId=latch-dev`,
        `${server.url}/v1/bundler?chainId=${caip}&projectId=latch-dev`,
      )
      await measure(
        'sponsored through the server (/v1/paymaster, then /v1/bundler)',
        chain,
        `${server.url}/v1?chainId=${caip}&projectId=latch-dev`,
        `${server.url}/v1/bundler?chainId=${caip}&projectId=latch-dev`,
        `${server.url}/v1/paymaster?chainId=${caip}&projectId=latch-dev`,
      )
      await measure('straight to anvil and alto', chain, chain.rpcUrl, chain.bundlerUrl)
    } finally {
      server.stop()
    }
  } finally {
    await devnet.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchUserOps()
