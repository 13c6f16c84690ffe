import { createWalletClient, erc20Abi, type Hex, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from '../fixtures.ts'
import { fundFreshAccount } from '../funding.ts'
import { connectTestWallet } from '../wallet.ts'

const FUNDER = 3
// The devnet's spam token (packages/devnet/src/plan.ts): its name is a lure.
const SPAM_NAME = 'Visit claim-rewards.example to claim'

test('a token the devnet flags as spam is in neither Tokens nor Send, and no token name is a link', async ({
  page,
  stack,
}) => {
  const { privateKey, fresh, chain, client, transport, viemChain } = await fundFreshAccount(stack, {
    funder: FUNDER,
  })
  // The account is airdropped the spam token, as spam arrives: unasked.
  const spam = chain.tokens.find((token) => token.spam)
  if (!spam) throw new Error('the devnet deploys no spam token')
  const funder = createWalletClient({
    account: privateKeyToAccount(stack.devnet.accounts[FUNDER]?.privateKey as Hex),
    chain: viemChain,
    transport,
  })
  const hash = await funder.writeContract({
    address: spam.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [fresh.address, parseUnits('500', spam.decimals)],
  })
  await client.waitForTransactionReceipt({ hash })
  expect(
    await client.readContract({
      address: spam.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [fresh.address],
    }),
  ).toBe(parseUnits('500', spam.decimals))

  await connectTestWallet(page, stack, { privateKey })
  await page.getByTestId('latch-connect-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  const rows = account.getByTestId('latch-token-row')
  await expect(rows).toHaveCount(4)
  await expect(rows).toHaveText([/ETH/, /USDC/, /DAI/, /WBTC/])
  await expect(account.getByText(/claim-rewards/)).toHaveCount(0)
  // Names are text: nothing in the list is a link.
  await expect(account.getByRole('list', { name: 'Tokens' }).getByRole('link')).toHaveCount(0)

  await account.getByRole('button', { name: 'Send' }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await send.getByRole('button', { name: 'Token: Choose a token' }).click()
  const picker = send.getByRole('list', { name: 'Tokens to send' })
  await expect(picker.getByRole('button')).toHaveText([/ETH/, /USDC/, /DAI/, /WBTC/])
  await send.getByLabel('Search tokens').fill(spam.symbol)
  await expect(picker.getByRole('button')).toHaveCount(0)
  await expect(send.getByText(SPAM_NAME)).toHaveCount(0)
  await expect(send.getByRole('link')).toHaveCount(0)
})
