import { installTestWallet, type TestWalletOptions } from '@latch/test-wallet'
import { createWcTestWallet } from '@latch/test-wallet/walletconnect'
import type { Page } from '@playwright/test'
import type { StackInfo } from './fixtures.ts'

/** Installs a test wallet holding the devnet account `index`, knowing the given devnet chains. */
export function devnetWallet(
  page: Page,
  stack: StackInfo,
  options: { index?: number; chainIds?: number[] } & Partial<TestWalletOptions> = {},
) {
  const { index = 0, chainIds, ...rest } = options
  const account = stack.devnet.accounts[index]
  if (!account) throw new Error(`the devnet has no account ${index}`)
  const chains = stack.devnet.chains
    .filter((chain) => !chainIds || chainIds.includes(chain.chainId))
    .map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, name: chain.name }))
  return installTestWallet(page, {
    privateKey: account.privateKey as `0x${string}`,
    chains,
    ...rest,
  })
}

/**
 * What a visitor with the test wallet does first: opens the demo (at `path`), picks Connect Wallet
 * and then the Latch Test Wallet. Resolves with the wallet once it was asked to connect.
 */
export async function connectTestWallet(
  page: Page,
  stack: StackInfo,
  options: Parameters<typeof devnetWallet>[2] & { path?: string } = {},
) {
  const { path = '', ...walletOptions } = options
  const wallet = await devnetWallet(page, stack, walletOptions)
  await page.goto(`${stack.demoUrl}${path}`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: /Latch Test Wallet/ }).click()
  return wallet
}

/** A phone wallet reached over WalletConnect through the devnet's relay, holding account `index`. */
export function walletConnectWallet(stack: StackInfo, options: { index: number; name?: string }) {
  const keys = stack.devnet.accounts.map((account) => account.privateKey as `0x${string}`)
  const first = keys[options.index]
  if (!first) throw new Error(`the devnet has no account ${options.index}`)
  return createWcTestWallet({
    relayUrl: stack.devnet.walletConnect.relayUrl,
    projectId: stack.devnet.walletConnect.projectId,
    // The chosen account first, then the others, so the wallet can switch accounts.
    privateKeys: [first, ...keys.filter((key) => key !== first)],
    chains: stack.devnet.chains.map((chain) => ({ id: chain.chainId, rpcUrl: chain.rpcUrl })),
    ...(options.name ? { name: options.name } : {}),
  })
}

/**
 * The user adds chain `chainId` to the test wallet and picks it (`wallet_addEthereumChain`); it
 * keeps the devnet's RPC URL, which answers for any chain id, so only the id differs.
 */
export async function moveWalletToChain(
  page: Page,
  chainId: number,
  rpcUrl: string,
): Promise<void> {
  await page.evaluate(
    async ({ id, url }) => {
      const provider = await new Promise<{
        request(args: { method: string; params?: unknown[] }): Promise<unknown>
      }>((resolve) => {
        window.addEventListener('eip6963:announceProvider', (event) =>
          resolve((event as CustomEvent).detail.provider),
        )
        window.dispatchEvent(new Event('eip6963:requestProvider'))
      })
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: `0x${id.toString(16)}`,
            chainName: 'Elsewhere',
            rpcUrls: [url],
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      })
    },
    { id: chainId, url: rpcUrl },
  )
}
