import { type Hex, parseAbi } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from '../fixtures.ts'
import { connectTestWallet } from '../wallet.ts'

// Devnet account 5 is the NFT tests' alone: the devnet seeds every account with tiles 2i+1 and
// 2i+2, a lure (spam) and badges and a ticket (ERC-1155).
const HOLDER = 5
const [MINE, KEPT] = [2 * HOLDER + 1, 2 * HOLDER + 2]
const abi = parseAbi(['function ownerOf(uint256 id) view returns (address)'])

test('the NFTs tab: the seeded NFTs with images, spam behind Show hidden, the detail, sending one', async ({
  page,
  stack,
}) => {
  const chain = stack.devnet.chains[0]
  const tiles = chain?.nfts?.find((nft) => nft.key === 'tiles')
  if (!chain || !tiles) throw new Error('the devnet has no NFTs')
  const receiver = privateKeyToAccount(generatePrivateKey()).address

  await connectTestWallet(page, stack, { index: HOLDER })
  await page.getByTestId('latch-connect-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.getByRole('tab', { name: 'NFTs' }).click()

  const cards = account.getByTestId('latch-nft-card')
  await expect(cards).toHaveCount(4)
  await expect(cards).toHaveText([
    /Latch Tile #11Latch Tiles/,
    /Latch Tile #12Latch Tiles/,
    /Devnet BadgeLatch Devnet Items · ×5/,
    /Devnet TicketLatch Devnet Items/,
  ])
  // Every image came through the server and decoded: a real picture, not a broken link.
  for (const image of await cards.locator('img').all()) {
    await expect(image).toHaveAttribute('src', new RegExp(`^${stack.serverUrl}/v1/nft/image/`))
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64)
  }
  await expect(account.getByText(/claim/i)).toHaveCount(0)
  await account.getByRole('button', { name: 'Show hidden (1)' }).click()
  await expect(cards).toHaveCount(5)
  const lure = cards.filter({ hasText: 'Spam' })
  await expect(lure).toContainText('Airdrop Voucher: claim at nft-rewards.example')
  // Names are text: nothing in the grid is a link.
  await expect(account.getByRole('list', { name: 'NFTs' }).getByRole('link')).toHaveCount(0)
  await account.getByRole('button', { name: 'Hide spam' }).click()
  await expect(cards).toHaveCount(4)

  await cards.filter({ hasText: `Latch Tile #${MINE}` }).click()
  const detail = account.getByTestId('latch-nft-detail')
  await expect(detail.getByRole('heading', { name: `Latch Tile #${MINE}` })).toBeVisible()
  await expect(detail).toContainText('CollectionLatch Tiles')
  await expect(detail).toContainText(`Token ID${MINE}`)
  await expect(detail).toContainText('StandardERC-721')
  await expect(detail).toContainText(`Contract${tiles.address}`)
  const form = detail.getByRole('form', { name: `Send Latch Tile #${MINE}` })
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(form.getByRole('alert')).toHaveText('An amount and receiver address are required')
  await form.getByLabel('Receiver').fill('0x1234')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(form.getByRole('alert')).toHaveText('Invalid receiver address')
  // 0x8ba1f109551bD432803012645Ac136ddd64DBA72 with one letter in the wrong case.
  await form.getByLabel('Receiver').fill('0x8ba1f109551bd432803012645Ac136ddd64DBA72')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(form.getByRole('alert')).toHaveText(
    "Invalid receiver address. The mix of capital and small letters does not match this address's checksum: a character is likely mistyped.",
  )
  await form.getByLabel('Receiver').fill(receiver)
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(detail.getByTestId('latch-nft-sent')).toHaveText(`Sent Latch Tile #${MINE}`)

  // The chain moved it, and the grid follows once the server indexed it.
  const { createPublicClient, http } = await import('viem')
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  expect(
    await client.readContract({
      address: tiles.address as Hex,
      abi,
      functionName: 'ownerOf',
      args: [BigInt(MINE)],
    }),
  ).toBe(receiver)
  await detail.getByRole('button', { name: 'Back to NFTs' }).click()
  await expect(cards).toHaveCount(3)
  await expect(cards.first()).toContainText(`Latch Tile #${KEPT}`)

  // Activity shows the send with the NFT's name and image.
  await account.getByRole('tab', { name: 'Activity' }).click()
  const sent = account
    .getByTestId('latch-activity-row')
    .filter({ hasText: `-1 Latch Tile #${MINE}` })
  await expect(sent).toContainText('Sent')
  const picture = sent.locator('img[data-nft]')
  await expect(picture).toHaveAttribute('src', new RegExp(`/v1/nft/image/.*/${MINE}\\?`))
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64)
})
