import { installPolkadotTestWallet, type PolkadotTestWalletOptions } from '@latch/test-wallet'
import type { Page } from '@playwright/test'
import type { StackInfo } from './fixtures.ts'

/** The devnet's local Polkadot chain (chopsticks on Rococo Asset Hub's runtime). */
export function polkadotChain(stack: StackInfo) {
  const chain = stack.devnet.polkadot
  if (!chain) throw new Error('the devnet manifest has no Polkadot chain')
  return chain
}

/** The devnet's Polkadot account `index` (each funded with the same balance at start). */
export function polkadotAccount(stack: StackInfo, index: number) {
  const account = polkadotChain(stack).accounts[index]
  if (!account) throw new Error(`the Polkadot devnet has no account ${index}`)
  return account
}

/** The injectedWeb3 test wallet holding the devnet's Polkadot accounts `indexes`, by their names. */
export function devnetPolkadotWallet(
  page: Page,
  stack: StackInfo,
  indexes: readonly number[],
  options: Omit<PolkadotTestWalletOptions, 'accounts'> = {},
) {
  return installPolkadotTestWallet(page, {
    accounts: indexes.map((index) => {
      const { suri, name, type } = polkadotAccount(stack, index)
      return { seed: suri, name, type }
    }),
    ...options,
  })
}

/** The demo with the devnet's EVM chains and its Polkadot chain. */
export const POLKADOT_DEMO = '/?families=eip155,polkadot'

/** Opens the demo (`path`) and connects the Polkadot extension named `walletName` from Connect. */
export async function connectPolkadot(
  page: Page,
  stack: StackInfo,
  walletName: RegExp,
  path = POLKADOT_DEMO,
): Promise<void> {
  await page.goto(`${stack.demoUrl}${path}`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page
    .getByRole('dialog', { name: 'Connect Wallet' })
    .getByRole('button', { name: walletName })
    .click()
}

/** An account's native balance in planck as the chain holds it now (the server reads it afresh). */
export async function planckAt(stack: StackInfo, address: string): Promise<bigint> {
  const chain = polkadotChain(stack)
  const url = new URL(`/v1/account/${address}/balance`, stack.serverUrl)
  url.searchParams.set('projectId', 'latch-dev')
  url.searchParams.set('chainId', chain.caipNetworkId)
  url.searchParams.set('forceUpdate', 'true')
  const response = await fetch(url)
  if (!response.ok) throw new Error(`balance of ${address}: ${response.status}`)
  const { balances } = (await response.json()) as {
    balances: { address?: string; quantity: { numeric: string } }[]
  }
  const native = balances.find((entry) => entry.address === undefined)
  const [whole = '0', fraction = ''] = (native?.quantity.numeric ?? '0').split('.')
  const decimals = chain.nativeCurrency.decimals
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
}

/**
 * What the server reckons for a transfer as the page would ask for it: its fee and the chain's
 * existential deposit, in planck (a test's arithmetic for amounts that hit each refusal).
 */
export async function polkadotTransferQuote(
  stack: StackInfo,
  from: string,
  to: string,
  amount: bigint,
): Promise<{ fee: bigint; existentialDeposit: bigint }> {
  const response = await fetch(new URL('/v1/polkadot/transfer', stack.serverUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      projectId: 'latch-dev',
      chainId: polkadotChain(stack).caipNetworkId,
      from,
      to,
      amount: amount.toString(),
    }),
  })
  if (!response.ok) throw new Error(`transfer quote: ${response.status} ${await response.text()}`)
  const { fee, existentialDeposit } = (await response.json()) as {
    fee: string
    existentialDeposit: string
  }
  return { fee: BigInt(fee), existentialDeposit: BigInt(existentialDeposit) }
}
