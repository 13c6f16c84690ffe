import { DEPLOYER_ADDRESS, MULTICALL3_ADDRESS } from './constants.ts'
import { rpc, rpcBatch } from './rpc.ts'
import type { Deployment } from './types.ts'

type Hex = `0x${string}`

const GAS_LIMIT = '0xe4e1c0' // 15,000,000: below the 30M block limit; only gas used is paid
const MAX_FEE_PER_GAS = '0x174876e800' // 100 gwei
const MAX_PRIORITY_FEE_PER_GAS = '0x3b9aca00' // 1 gwei

/**
 * Runs `deployment` on a fresh anvil chain: places Multicall3, funds and impersonates the
 * deployer, sends every transaction with its planned nonce, then checks every receipt and the
 * planned eth_call checks (each Uniswap pair sits where the router expects it).
 */
export async function executeDeployment(
  rpcUrl: string,
  chainId: number,
  deployment: Deployment,
): Promise<void> {
  const [multicallCode, deployerNonce] = (await rpcBatch(rpcUrl, [
    { method: 'eth_getCode', params: [MULTICALL3_ADDRESS, 'latest'] },
    { method: 'eth_getTransactionCount', params: [DEPLOYER_ADDRESS, 'latest'] },
    { method: 'anvil_setBalance', params: [DEPLOYER_ADDRESS, deployment.deployerBalance] },
    // anvil signs for an impersonated sender: no local signing, which saves real time.
    { method: 'anvil_impersonateAccount', params: [DEPLOYER_ADDRESS] },
  ])) as [Hex, Hex]
  if (Number(deployerNonce) !== 0) {
    throw new Error(`chain ${chainId} is not fresh: the deployer already sent transactions`)
  }
  // anvil 1.7.1 has nothing at the Multicall3 address; should a later anvil preinstall it, keep
  // that one (same interface).
  if (multicallCode === '0x') {
    await rpc(rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, deployment.multicall3Code])
  }

  // One request at a time, in nonce order: anvil 1.7.1 sometimes loses transactions that arrive
  // concurrently with nonce gaps (e.g. in one JSON-RPC batch) while it mines. Sending does not
  // wait for mining (automine mines each one in its own block), so this stays fast.
  const hashes: Hex[] = []
  for (const [nonce, tx] of deployment.txs.entries()) {
    const request = {
      from: DEPLOYER_ADDRESS,
      nonce: `0x${nonce.toString(16)}`,
      ...(tx.to ? { to: tx.to } : {}),
      data: tx.data,
      value: tx.value,
      gas: GAS_LIMIT,
      maxFeePerGas: MAX_FEE_PER_GAS,
      maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS,
    }
    hashes.push(await rpc<Hex>(rpcUrl, 'eth_sendTransaction', [request]))
  }

  const lastHash = hashes.at(-1)
  if (lastHash) await waitForReceipt(rpcUrl, lastHash)
  const receipts = (await rpcBatch(
    rpcUrl,
    hashes.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
  )) as ({ status: Hex } | null)[]
  receipts.forEach((receipt, index) => {
    if (receipt?.status !== '0x1') {
      const what = deployment.txs[index]?.label
      throw new Error(`chain ${chainId}: ${what} ${receipt ? 'reverted' : 'was not mined'}`)
    }
  })

  const [entryPointCode, ...answers] = (await rpcBatch(rpcUrl, [
    { method: 'eth_getCode', params: [deployment.contracts.entryPoint, 'latest'] },
    ...deployment.checks.map((check) => ({
      method: 'eth_call',
      params: [{ to: check.to, data: check.data }, 'latest'],
    })),
    { method: 'anvil_stopImpersonatingAccount', params: [DEPLOYER_ADDRESS] },
  ])) as Hex[]
  if (!entryPointCode || entryPointCode === '0x') {
    throw new Error(`chain ${chainId}: no EntryPoint code`)
  }
  deployment.checks.forEach((check, index) => {
    const answer = answers[index]?.toLowerCase()
    if (answer !== check.expect) {
      throw new Error(`chain ${chainId}: ${check.label} is ${answer}, expected ${check.expect}`)
    }
  })
}

async function waitForReceipt(rpcUrl: string, hash: Hex, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while ((await rpc(rpcUrl, 'eth_getTransactionReceipt', [hash])) === null) {
    if (Date.now() > deadline) throw new Error(`transaction ${hash} not mined in ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
