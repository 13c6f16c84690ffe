import type { DevnetChain } from '@latch/protocol'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { type LatchSmartAccount, toLatchSmartAccount } from '../src/smartAccounts/latchAccount.ts'
import { routerAbi } from './devnetTx.ts'

/**
 * A devnet chain as the kit reaches it through a listening test server, for `projectId`: reads
 * through the JSON-RPC gateway, user operations through the bundler route, sponsorships through
 * the paymaster route.
 */
export function throughServer(baseUrl: string, devnetChain: DevnetChain, projectId = 'latch-dev') {
  const PROJECT = `projectId=${projectId}`
  const caip = `eip155:${devnetChain.chainId}`
  const chain = defineChain({
    id: devnetChain.chainId,
    name: devnetChain.name,
    nativeCurrency: devnetChain.nativeCurrency,
    rpcUrls: { default: { http: [`${baseUrl}/v1?chainId=${caip}&${PROJECT}`] } },
  })
  const client = createPublicClient({ chain, transport: http() })
  const bundlerUrl = `${baseUrl}/v1/bundler?chainId=${caip}&${PROJECT}`
  const paymasterUrl = `${baseUrl}/v1/paymaster?chainId=${caip}&${PROJECT}`
  // anvil's own methods (funding a key) go to the chain itself: the gateway forwards none.
  const testClient = createTestClient({ chain, mode: 'anvil', transport: http(devnetChain.rpcUrl) })
  return {
    chain,
    client,
    bundlerUrl,
    paymasterUrl,
    /** A smart account of a fresh owner (or `owner`), not deployed. */
    smartAccount: (owner: PrivateKeyAccount = freshOwner(), salt = 0n) =>
      toLatchSmartAccount({
        client,
        owner,
        factory: devnetChain.contracts.latchAccountFactory,
        salt,
      }),
    bundler: (account: LatchSmartAccount) =>
      // Polled often: anvil mines at once, and a receipt is there within a bundling round.
      createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval: 100 }),
    /** A bundler client whose operations ask the project's paymaster to pay (ERC-7677). */
    sponsoredBundler: (account: LatchSmartAccount) =>
      createBundlerClient({
        account,
        client,
        transport: http(bundlerUrl),
        paymaster: createPaymasterClient({ transport: http(paymasterUrl) }),
        pollingInterval: 100,
      }),
    fund: (address: Hex, ether = '1') =>
      testClient.setBalance({ address, value: parseEther(ether) }),
    /** USDC bought on the devnet's Uniswap pool for `to` (it needs no code to receive it). */
    async buyUsdc(to: Hex, ether = '0.1'): Promise<bigint> {
      const buyer = freshOwner()
      await testClient.setBalance({ address: buyer.address, value: parseEther('10') })
      const wallet = createWalletClient({
        account: buyer,
        chain,
        transport: http(devnetChain.rpcUrl),
      })
      const usdc = tokenOf(devnetChain, 'USDC')
      const receipt = await client.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: devnetChain.contracts.uniswapV2Router02,
          abi: routerAbi,
          functionName: 'swapExactETHForTokens',
          args: [0n, [devnetChain.contracts.weth9, usdc], to, 2n ** 40n],
          value: parseEther(ether),
        }),
      })
      expect(receipt.status).toBe('success')
      return client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [to],
      })
    },
  }
}

export const freshOwner = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey())

export function tokenOf(chain: DevnetChain, symbol: string): Hex {
  const token = chain.tokens.find((candidate) => candidate.symbol === symbol)
  if (!token) throw new Error(`no ${symbol} on ${chain.name}`)
  return token.address
}

/** One raw JSON-RPC call through the route, as any client sends it; the parsed answer. */
export async function rawCall(
  url: string,
  method: string,
  params: unknown[] = [],
): Promise<{
  status: number
  body: { result?: unknown; error?: { code: number; message: string } }
}> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }, (_, value) =>
      typeof value === 'bigint' ? `0x${value.toString(16)}` : value,
    ),
  })
  return { status: response.status, body: await response.json() }
}
