import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { StackInfo } from './fixtures.ts'

/** Clients of the first devnet chain for devnet account `funder`, which pays for the tests. */
function funderClients(stack: StackInfo, funderIndex: number) {
  const chain = stack.devnet.chains[0]
  if (!chain) throw new Error('no devnet chain')
  const funder = privateKeyToAccount(stack.devnet.accounts[funderIndex]?.privateKey as Hex)
  const transport = http(chain.rpcUrl)
  const viemChain = {
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }
  const wallet = createWalletClient({ account: funder, chain: viemChain, transport })
  const client = createPublicClient({ chain: viemChain, transport })
  return { chain, transport, viemChain, wallet, client }
}

/** A fresh account holding 1.5 ETH and exactly three tokens, funded by devnet account `funder`. */
export async function fundFreshAccount(stack: StackInfo, options: { funder: number }) {
  const { chain, transport, viemChain, wallet, client } = funderClients(stack, options.funder)
  const privateKey = generatePrivateKey()
  const fresh = privateKeyToAccount(privateKey)
  const amounts: Record<string, string> = { USDC: '1234.5', DAI: '42', WBTC: '0.125' }
  const hashes = [await wallet.sendTransaction({ to: fresh.address, value: parseEther('1.5') })]
  for (const [symbol, amount] of Object.entries(amounts)) {
    const token = chain.tokens.find((candidate) => candidate.symbol === symbol)
    if (!token) throw new Error(`no ${symbol} on the devnet`)
    hashes.push(
      await wallet.writeContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [fresh.address, parseUnits(amount, token.decimals)],
      }),
    )
  }
  for (const hash of hashes) await client.waitForTransactionReceipt({ hash })
  return { privateKey, fresh, chain, client, transport, viemChain, amounts }
}

/** Sends `ether` ETH on the first devnet chain from devnet account `funder` to `to`; waits for it. */
export async function sendEther(
  stack: StackInfo,
  options: { funder: number; to: `0x${string}`; ether: string },
) {
  const { wallet, client } = funderClients(stack, options.funder)
  const hash = await wallet.sendTransaction({ to: options.to, value: parseEther(options.ether) })
  await client.waitForTransactionReceipt({ hash })
  return { client }
}

/** Sends `amount` of the devnet token `symbol` on the first chain from devnet account `funder`. */
export async function sendToken(
  stack: StackInfo,
  options: { funder: number; to: `0x${string}`; symbol: string; amount: string },
) {
  const { chain, wallet, client } = funderClients(stack, options.funder)
  const token = chain.tokens.find((candidate) => candidate.symbol === options.symbol)
  if (!token) throw new Error(`no ${options.symbol} on the devnet`)
  const hash = await wallet.writeContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [options.to, parseUnits(options.amount, token.decimals)],
  })
  await client.waitForTransactionReceipt({ hash })
  return { client, token }
}

/**
 * Gives `address` 10 ETH on every devnet chain through anvil's own `anvil_setBalance`: a fresh
 * account for one spec, funded without a devnet account another spec might be using.
 */
export async function setEtherBalance(stack: StackInfo, address: `0x${string}`): Promise<void> {
  for (const chain of stack.devnet.chains) {
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [address, `0x${parseEther('10').toString(16)}`],
      }),
    })
    const answer = (await response.json()) as { error?: { message: string } }
    if (answer.error) throw new Error(`anvil_setBalance: ${answer.error.message}`)
  }
}
