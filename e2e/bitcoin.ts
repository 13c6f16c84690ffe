import {
  type BitcoinTestWalletOptions,
  installBitcoinTestWallet,
  installSatsConnectTestWallet,
} from '@latch/test-wallet'
import { expect, type Page } from '@playwright/test'
import type { StackInfo } from './fixtures.ts'

/** The devnet's local Bitcoin chain (regtest; the demo configures it). */
export function bitcoinChain(stack: StackInfo) {
  const chain = stack.devnet.bitcoin
  if (!chain) throw new Error('the devnet manifest has no Bitcoin chain')
  return chain
}

/** The devnet's Bitcoin account `index`: payment (P2WPKH, 10 BTC) and ordinals (P2TR, 0.001 BTC). */
export function bitcoinAccount(stack: StackInfo, index: number) {
  const account = bitcoinChain(stack).accounts[index]
  if (!account) throw new Error(`the Bitcoin devnet has no account ${index}`)
  return account
}

type WalletOptions = Partial<Omit<BitcoinTestWalletOptions, 'keys' | 'esploraUrl'>>

/** The Bitcoin Wallet Standard test wallet holding the devnet's Bitcoin account `index`. */
export function devnetBitcoinWallet(
  page: Page,
  stack: StackInfo,
  index: number,
  options: WalletOptions = {},
) {
  return installBitcoinTestWallet(page, {
    keys: bitcoinAccount(stack, index),
    esploraUrl: bitcoinChain(stack).esploraUrl,
    info: { name: 'Latch Bitcoin Wallet' },
    ...options,
  })
}

/** The sats-connect test wallet (window.XverseProviders.BitcoinProvider) holding account `index`. */
export function devnetSatsConnectWallet(
  page: Page,
  stack: StackInfo,
  index: number,
  options: WalletOptions = {},
) {
  return installSatsConnectTestWallet(page, {
    keys: bitcoinAccount(stack, index),
    esploraUrl: bitcoinChain(stack).esploraUrl,
    info: { name: 'Latch Sats Wallet' },
    ...options,
  })
}

/** Reads the devnet's Esplora API directly, as a block explorer would. */
export async function esplora<T>(stack: StackInfo, path: string): Promise<T> {
  const response = await fetch(`${bitcoinChain(stack).esploraUrl}${path}`)
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  const text = await response.text()
  return (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text) as T
}

/** Mines `blocks` blocks on the devnet's Bitcoin chain now. */
export async function mine(stack: StackInfo, blocks = 1): Promise<void> {
  const response = await fetch(`${bitcoinChain(stack).esploraUrl}/latch/mine?blocks=${blocks}`, {
    method: 'POST',
  })
  expect(response.status).toBe(200)
}

/** An address's satoshis, confirmed and in the mempool, read from the chain. */
export async function satsAt(stack: StackInfo, address: string): Promise<number> {
  type Stats = { funded_txo_sum: number; spent_txo_sum: number }
  const info = await esplora<{ chain_stats: Stats; mempool_stats: Stats }>(
    stack,
    `/address/${address}`,
  )
  const sum = (stats: Stats) => stats.funded_txo_sum - stats.spent_txo_sum
  return sum(info.chain_stats) + sum(info.mempool_stats)
}

/**
 * Connects a Bitcoin wallet from the Connect view (the row named `walletName`), then makes the
 * devnet's Bitcoin network active from Networks, as a visitor of the demo (EVM first) does.
 */
export async function connectBitcoin(
  page: Page,
  stack: StackInfo,
  walletName: RegExp,
  path = '',
): Promise<void> {
  await page.goto(`${stack.demoUrl}${path}`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page
    .getByRole('dialog', { name: 'Connect Wallet' })
    .getByRole('button', { name: walletName })
    .click()
}
