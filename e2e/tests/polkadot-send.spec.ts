import type { Page } from '@playwright/test'
import { formatUnits } from 'viem'
import { expect, test } from '../fixtures.ts'
import {
  connectPolkadot,
  devnetPolkadotWallet,
  planckAt,
  polkadotAccount,
  polkadotChain,
  polkadotTransferQuote,
} from '../polkadot.ts'

// Polkadot accounts of the devnet these tests use (others are other tests'); 5 receives.
const SENDER = 4
const RECEIVER = 5

/** Opens Send from the Account view and picks the chain's coin. */
async function openSend(page: Page, symbol: string) {
  await page.getByTestId('latch-connect-button').click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Send' }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await send.getByTestId('latch-send-token').click()
  await send
    .getByRole('list', { name: 'Tokens to send' })
    .getByRole('button', { name: new RegExp(`^${symbol}`) })
    .click()
  return send
}

test('sends the chain coin: refusals first, the fee shown before signing, a decline, then included and in Activity', async ({
  page,
  stack,
}) => {
  const chain = polkadotChain(stack)
  const { symbol, decimals } = chain.nativeCurrency
  const sender = polkadotAccount(stack, SENDER)
  const receiver = polkadotAccount(stack, RECEIVER)
  const wallet = await devnetPolkadotWallet(page, stack, [SENDER])
  await connectPolkadot(page, stack, /Polkadot\.js/)
  await expect(page.getByTestId('demo-account')).toContainText(sender.address)
  const send = await openSend(page, symbol)
  const alert = send.getByRole('alert')
  const fill = async (amount: string, to: string) => {
    await send.getByLabel('Amount').fill(amount)
    await send.getByLabel('Receiver').fill(to)
    await send.getByRole('button', { name: 'Review' }).click()
  }

  // An address written for Polkadot's relay chain (prefix 0), then one with a typo.
  await fill('1', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')
  await expect(alert).toHaveText(
    'Invalid receiver address. This address is for another network (Polkadot (prefix 0)); this network takes generic Substrate (prefix 42) addresses',
  )
  const typo = `${receiver.address.slice(0, -1)}${receiver.address.endsWith('z') ? 'y' : 'z'}`
  await fill('1', typo)
  await expect(alert).toHaveText(
    'Invalid receiver address. This address has a wrong checksum: check it for a typo',
  )
  // More than the balance: the page says so before asking the server.
  await fill('10001', receiver.address)
  await expect(alert).toHaveText(`Insufficient ${symbol} balance`)
  // Two refusals of a keep-alive transfer, each hit by an amount that is its reason. The fee and
  // the existential deposit are what the server reckons for a transfer of this size.
  const held = await planckAt(stack, sender.address)
  const { fee, existentialDeposit } = await polkadotTransferQuote(
    stack,
    sender.address,
    receiver.address,
    held / 2n,
  )
  const units = (planck: bigint) => `${formatUnits(planck, decimals)} ${symbol}`
  // All of it: with the fee on top it is more than the account may move at all.
  await fill(formatUnits(held, decimals), receiver.address)
  await expect(alert).toHaveText(
    `Amount plus the network fee (${units(held + fee)}) is more than your transferable balance (${units(held - existentialDeposit)})`,
  )
  // A refused transfer shows no fee still being estimated beside its refusal.
  await expect(send.getByTestId('latch-send-fee')).toHaveCount(0)
  // All but the fee: amount and fee fit the balance, but nothing would stay to keep the account.
  await fill(formatUnits(held - fee, decimals), receiver.address)
  await expect(alert).toHaveText(
    `Your account must keep at least ${units(existentialDeposit)} (the network's existential deposit): send at most ${units(held - existentialDeposit - fee)}`,
  )
  await expect(send.getByTestId('latch-send-review')).toHaveCount(0)
  expect(wallet.requests.some((request) => request.method === 'signPayload')).toBe(false)

  // The review shows the fee the server reckoned, exactly, before the extension is asked.
  const senderBefore = await planckAt(stack, sender.address)
  const receiverBefore = await planckAt(stack, receiver.address)
  await fill('1.5', receiver.address)
  const review = send.getByTestId('latch-send-review')
  await expect(review).toContainText(`Send 1.5 ${symbol}`)
  await expect(review).toContainText(`to ${receiver.address}`)
  const feeLine = review.getByTestId('latch-send-fee')
  await expect(feeLine).toHaveText(new RegExp(`^Network fee: [\\d.]+ ${symbol}`))
  // Read while the review shows it: the sent view that follows has no fee line.
  const feeText = ((await feeLine.textContent()) ?? '').match(/Network fee: ([\d.]+)/)?.[1] ?? ''
  const [whole = '0', fraction = ''] = feeText.split('.')
  const shownFee = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0'))
  expect(wallet.requests.some((request) => request.method === 'signPayload')).toBe(false)

  // Declined in the extension: said so, still on the review, nothing moved.
  wallet.rejectNext('signPayload')
  await review.getByRole('button', { name: 'Send' }).click()
  await expect(review.getByRole('alert')).toHaveText('Signature declined')
  expect(await planckAt(stack, sender.address)).toBe(senderBefore)

  // Signed: pending, then included; the receiver holds exactly 1.5 more, the sender paid the fee too.
  await review.getByRole('button', { name: 'Send' }).click()
  const sent = send.getByTestId('latch-send-sent')
  await expect(sent).toHaveAttribute('data-status', /pending|confirmed/)
  await expect(sent).toHaveAttribute('data-status', 'confirmed')
  expect(wallet.requests.at(-1)?.method).toBe('signPayload')
  const hash = (await sent.getByTestId('latch-send-hash').getAttribute('title')) ?? ''
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  const amount = 15n * 10n ** BigInt(decimals - 1)
  expect(await planckAt(stack, receiver.address)).toBe(receiverBefore + amount)
  const paid = senderBefore - (await planckAt(stack, sender.address))
  expect(paid > amount).toBe(true)
  // The fee the review showed is what the chain took, to the planck.
  expect(paid - amount).toBe(shownFee)

  // Back on the Account view: the transfer in Activity.
  await sent.getByRole('button', { name: 'Done' }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(
    account.locator(`[data-testid="latch-activity-row"][data-hash="${hash}"]`),
  ).toContainText(new RegExp(`^Sent-1\\.5 ${symbol}`))
})
