import { installTestWallet, type TestWalletOptions } from '@latch/test-wallet'
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
