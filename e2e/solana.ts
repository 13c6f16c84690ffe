import { installMultichainTestWallet, installSolanaTestWallet } from '@latch/test-wallet'
import { expect, type Page } from '@playwright/test'
import {
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { StackInfo } from './fixtures.ts'
import { short } from './format.ts'
import { devnetWallet } from './wallet.ts'

/** The devnet's local Solana chain (the demo configures it). */
export function solanaChain(stack: StackInfo) {
  const chain = stack.devnet.solana
  if (!chain) throw new Error('the devnet manifest has no Solana chain')
  return chain
}

/** The devnet's funded Solana account `index`. */
export function solanaAccount(stack: StackInfo, index: number) {
  const account = solanaChain(stack).accounts[index]
  if (!account) throw new Error(`the Solana devnet has no account ${index}`)
  return account
}

/** A Wallet Standard Solana wallet holding the devnet's Solana account `index`. */
export function devnetSolanaWallet(page: Page, stack: StackInfo, index: number) {
  const chain = solanaChain(stack)
  return installSolanaTestWallet(page, {
    secretKey: solanaAccount(stack, index).secretKey,
    rpcUrl: chain.rpcUrl,
    chains: [chain.caipNetworkId as `solana:${string}`],
    info: { name: 'Latch Solana Wallet' },
  })
}

/** One wallet (Phantom-like) with the devnet's EVM account `index` and its Solana account `index`. */
export function devnetMultichainWallet(page: Page, stack: StackInfo, index: number) {
  const chain = solanaChain(stack)
  const evm = stack.devnet.accounts[index]
  if (!evm) throw new Error(`the devnet has no account ${index}`)
  return installMultichainTestWallet(page, {
    evm: {
      privateKey: evm.privateKey as `0x${string}`,
      chains: stack.devnet.chains.map((entry) => ({
        chainId: entry.chainId,
        rpcUrl: entry.rpcUrl,
        name: entry.name,
      })),
    },
    solana: {
      secretKey: solanaAccount(stack, index).secretKey,
      rpcUrl: chain.rpcUrl,
      chains: [chain.caipNetworkId as `solana:${string}`],
    },
    info: { name: 'Latch Multichain Wallet' },
  })
}
// devnetWallet is the EVM-only counterpart.
export { devnetWallet }

/** Sends `lamports` from the devnet's Solana account `from` to `to`, from Node; resolves once confirmed. */
export async function sendSol(
  stack: StackInfo,
  from: number,
  to: string,
  lamports: bigint,
): Promise<string> {
  const rpc = createSolanaRpc(solanaChain(stack).rpcUrl)
  const signer = await createKeyPairSignerFromBytes(
    new Uint8Array(getBase58Encoder().encode(solanaAccount(stack, from).secretKey)),
  )
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(signer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
    (draft) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: signer, destination: address(to), amount: lamports }),
        draft,
      ),
  )
  const transaction = await signTransactionMessageWithSigners(message)
  await rpc
    .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
    .send()
  const signature = getSignatureFromTransaction(transaction)
  for (let attempt = 0; attempt < 50; attempt++) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    if (value[0]?.confirmationStatus) return signature
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`transaction ${signature} was not confirmed`)
}

/**
 * Makes the site's Solana network active from Networks, then checks the Account view shows the
 * Solana account and its SOL, and that a reload keeps that account active.
 */
export async function activateSolanaAccount(
  page: Page,
  options: { networkName: string; address: string; balance: string },
): Promise<void> {
  const connected = `Connected ${options.address} on ${options.networkName}`
  await page.getByTestId('latch-connect-button').click()
  await page.getByRole('button', { name: /Change network/ }).click()
  await page
    .getByRole('dialog', { name: 'Choose Network' })
    .getByRole('button', { name: options.networkName })
    .click()
  await expect(page.getByTestId('demo-account')).toHaveText(connected)
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-view-address')).toHaveText(short(options.address))
  await expect(account.getByTestId('latch-account-balance')).toContainText(options.balance)
  await page.keyboard.press('Escape')
  await expect(account).toBeHidden()
  await page.reload()
  await expect(page.getByTestId('demo-account')).toHaveText(connected)
}
