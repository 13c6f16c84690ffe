import { formatNativeAmount } from '@latch/protocol/fees'
import type { BitcoinTestWallet } from '@latch/test-wallet'
import type { Locator, Page } from '@playwright/test'
import {
  bitcoinAccount,
  connectBitcoin,
  devnetBitcoinWallet,
  devnetSatsConnectWallet,
  esplora,
  mine,
  satsAt,
} from '../bitcoin.ts'
import type { StackInfo } from '../fixtures.ts'
import { expect, test } from '../fixtures.ts'

// Bitcoin accounts of the devnet these tests use (others are other tests'); 9 receives.
const STANDARD_SENDER = 3
const SATS_SENDER = 4
const REFUSALS = 5
const RECEIVER = 9

/** The fees the server reckons from the devnet's estimates: 11, 16 and 26 sat/vB. */
const RATES = { slow: 11, normal: 16, fast: 26 }

type EsploraTx = {
  fee: number
  weight: number
  vin: { witness?: string[] }[]
  vout: { scriptpubkey_address: string; value: number }[]
  status: { confirmed: boolean }
}

/**
 * The transaction's virtual size with each ECDSA signature counted at 72 bytes (a wallet's may be
 * a byte shorter): the size the kit prices a transaction at before the wallet signs it.
 */
function pricedVsize(tx: EsploraTx): number {
  let weight = tx.weight
  for (const input of tx.vin) {
    const signatureBytes = (input.witness?.[0]?.length ?? 0) / 2
    if (signatureBytes > 65) weight += 72 - signatureBytes
  }
  return Math.ceil(weight / 4)
}

/** Opens Send from the Account view and picks BTC. */
async function openSend(page: Page) {
  await page.getByTestId('latch-connect-button').click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Send' }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await send.getByTestId('latch-send-token').click()
  await send
    .getByRole('list', { name: 'Tokens to send' })
    .getByRole('button', { name: /^BTC/ })
    .click()
  return send
}

/** Fills the amount and receiver and asks for the review. */
async function fill(send: Locator, amount: string, to: string) {
  await send.getByLabel('Amount').fill(amount)
  await send.getByLabel('Receiver').fill(to)
  await send.getByRole('button', { name: 'Review' }).click()
}

/**
 * Sends `amount` BTC at `speed` to `to` through the wallet, checks the review's exact fee, waits
 * for the broadcast, mines, and checks the chain: the receiver paid to the satoshi, the change back
 * to the payment address, the fee the transaction's vsize times the rate.
 */
async function sendAndCheck(
  page: Page,
  stack: StackInfo,
  options: {
    wallet: BitcoinTestWallet
    sender: number
    to: string
    amount: string
    speed: 'normal' | 'fast'
    method: string
    vsize: number
  },
) {
  const { payment } = bitcoinAccount(stack, options.sender)
  const send = await openSend(page)
  const rates = send.getByRole('radiogroup', { name: 'Fee rate' })
  await expect(rates.getByRole('radio')).toHaveText([
    `Slow${RATES.slow} sat/vB`,
    `Normal${RATES.normal} sat/vB`,
    `Fast${RATES.fast} sat/vB`,
    'Custom',
  ])
  await expect(rates.getByRole('radio', { checked: true })).toHaveText(/^Normal/)
  await rates.getByRole('radio', { name: new RegExp(`^${options.speed}`, 'i') }).click()
  const rate = RATES[options.speed]
  // The form's estimate is a typical payment's (141 vB) at the rate picked, rounded up.
  await expect(send.getByTestId('latch-send-fee')).toHaveText(
    `Network fee: about ${formatNativeAmount(BigInt(141 * rate), 8, true)} BTC · 141 vB at ${rate} sat/vB`,
  )
  await fill(send, options.amount, options.to)
  const review = send.getByTestId('latch-send-review')
  await expect(review).toContainText(`Send ${options.amount} BTC`)
  await expect(review).toContainText(`to ${options.to}`)
  const fee = options.vsize * rate
  await expect(review.getByTestId('latch-send-fee')).toHaveText(
    `Network fee: ${fee / 1e8} BTC · ${options.vsize} vB at ${rate} sat/vB`,
  )
  const before = await satsAt(stack, options.to)
  await review.getByRole('button', { name: 'Send' }).click()
  const sent = send.getByTestId('latch-send-sent')
  // Broadcast, and pending until a block is mined.
  await expect(sent).toHaveAttribute('data-status', 'pending')
  expect(options.wallet.requests.at(-1)?.method).toBe(options.method)
  const txid = (await sent.getByTestId('latch-send-hash').getAttribute('title')) ?? ''
  const inMempool = await esplora<EsploraTx>(stack, `/tx/${txid}`)
  expect(inMempool.status.confirmed).toBe(false)
  await mine(stack)
  await expect(sent).toHaveAttribute('data-status', 'confirmed')

  const tx = await esplora<EsploraTx>(stack, `/tx/${txid}`)
  const amount = Math.round(Number(options.amount) * 1e8)
  expect(tx.fee).toBe(fee)
  expect(pricedVsize(tx)).toBe(options.vsize)
  expect(tx.fee).toBe(pricedVsize(tx) * rate)
  expect(tx.vout.map((output) => [output.scriptpubkey_address, output.value])).toEqual([
    [options.to, amount],
    [payment.address, 1_000_000_000 - amount - fee],
  ])
  expect(await satsAt(stack, options.to)).toBe(before + amount)
  expect(await satsAt(stack, payment.address)).toBe(1_000_000_000 - amount - fee)
  return { txid, sent, send, remaining: 1_000_000_000 - amount - fee }
}

test('sends BTC with change through the Wallet Standard wallet: exact fee at the rate picked, pending until mined', async ({
  page,
  stack,
}) => {
  const wallet = await devnetBitcoinWallet(page, stack, STANDARD_SENDER)
  await connectBitcoin(page, stack, /Latch Bitcoin Wallet/)
  const receiver = bitcoinAccount(stack, RECEIVER).ordinals.address
  // One native segwit coin, a taproot receiver and the change: 153 vB.
  const { txid, sent } = await sendAndCheck(page, stack, {
    wallet,
    sender: STANDARD_SENDER,
    to: receiver,
    amount: '0.12345678',
    speed: 'fast',
    method: 'bitcoin:signTransaction',
    vsize: 153,
  })
  await expect(sent).toContainText(`0.12345678 BTC to ${receiver}`)
  // The wallet was asked to sign its payment address's input, nothing else.
  expect(wallet.requests.at(-1)?.params[0]).toMatchObject({
    inputsToSign: [
      { address: bitcoinAccount(stack, STANDARD_SENDER).payment.address, indexes: [0] },
    ],
  })

  // Back on the Account view: the balance read again, the payment in Activity (what left the
  // account, 0.12349656 BTC with the fee and the change netted out, to 3 decimals).
  await sent.getByRole('button', { name: 'Done' }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('latch-account-balance')).toHaveText('9.876 BTC')
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(
    account.locator(`[data-testid="latch-activity-row"][data-hash="${txid}"]`),
  ).toContainText(/^Sent-0\.123 BTC/)
})

test('sends BTC with change through the sats-connect wallet, which hands the PSBT back finalized', async ({
  page,
  stack,
}) => {
  const wallet = await devnetSatsConnectWallet(page, stack, SATS_SENDER)
  await connectBitcoin(page, stack, /Latch Sats Wallet/)
  // A native segwit receiver: 141 vB.
  await sendAndCheck(page, stack, {
    wallet,
    sender: SATS_SENDER,
    to: bitcoinAccount(stack, RECEIVER).payment.address,
    amount: '1.5',
    speed: 'normal',
    method: 'signPsbt',
    vsize: 141,
  })
})

test('refuses bad input with its message, catches a PSBT handed back unsigned, and a declined signature: nothing moves', async ({
  page,
  stack,
}) => {
  const wallet = await devnetBitcoinWallet(page, stack, REFUSALS)
  await connectBitcoin(page, stack, /Latch Bitcoin Wallet/)
  const { payment } = bitcoinAccount(stack, REFUSALS)
  const receiver = bitcoinAccount(stack, RECEIVER).payment.address
  const coins = await esplora<unknown[]>(stack, `/address/${payment.address}/utxo`)
  const send = await openSend(page)
  const alert = send.getByRole('alert')

  // An address of another network, one that is none, an amount under the dust limit.
  await fill(send, '0.1', 'bc1ql3e9pgs3mmwuwrh95fecme0s0qtn2880lsvsd5')
  await expect(alert).toHaveText(
    'Invalid receiver address. This is a Bitcoin mainnet address: Bitcoin regtest addresses start with bcrt1, m, n or 2',
  )
  await fill(send, '0.1', 'tb1ql3e9pgs3mmwuwrh95fecme0s0qtn2880lsvsd5')
  await expect(alert).toHaveText(
    'Invalid receiver address. Not a valid Bitcoin address: Bitcoin regtest addresses start with bcrt1, m, n or 2',
  )
  await fill(send, '0.00000293', receiver)
  await expect(alert).toHaveText(
    'Amount under the dust limit: send at least 0.00000294 BTC (294 sats) to this address',
  )
  // More than the balance, then the whole balance, which cannot pay the fee too.
  await fill(send, '10.5', receiver)
  await expect(alert).toHaveText('Insufficient BTC balance')
  await fill(send, '10', receiver)
  await expect(alert).toHaveText(
    'Not enough BTC for the network fee: at 16 sat/vB you can send at most 9.9999824 BTC',
  )
  // A fee rate of 0, typed.
  await send
    .getByRole('radiogroup', { name: 'Fee rate' })
    .getByRole('radio', { name: 'Custom' })
    .click()
  await send.getByLabel('Fee rate (sat/vB)').fill('0')
  await expect(send.getByTestId('latch-send-fee')).toHaveText('Network fee: unknown')
  await fill(send, '0.1', receiver)
  await expect(alert).toHaveText('Invalid fee rate: enter a whole number of sat/vB, at least 1')
  await expect(send.getByTestId('latch-send-review')).toHaveCount(0)

  // A wallet that hands the PSBT back unsigned: caught before anything is broadcast.
  await send.getByLabel('Fee rate (sat/vB)').fill('2')
  await send.getByRole('button', { name: 'Review' }).click()
  const review = send.getByTestId('latch-send-review')
  await expect(review.getByTestId('latch-send-fee')).toHaveText(
    'Network fee: 0.00000282 BTC · 141 vB at 2 sat/vB',
  )
  wallet.returnUnsignedPsbt()
  await review.getByRole('button', { name: 'Send' }).click()
  await expect(review.getByRole('alert')).toHaveText(
    'The wallet did not sign the transaction: nothing was sent. Try again, or use another wallet',
  )
  expect(wallet.requests.at(-1)?.method).toBe('bitcoin:signTransaction')

  // Declined in the wallet: said so, still on the review.
  wallet.returnUnsignedPsbt(false)
  wallet.rejectNext('bitcoin:signTransaction')
  await review.getByRole('button', { name: 'Send' }).click()
  await expect(review.getByRole('alert')).toHaveText('Signature declined')

  expect(await esplora<unknown[]>(stack, `/address/${payment.address}/utxo`)).toEqual(coins)
  expect(await satsAt(stack, payment.address)).toBe(1_000_000_000)
})
