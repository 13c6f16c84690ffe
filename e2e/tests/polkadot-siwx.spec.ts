import type { PolkadotTestWallet } from '@latch/test-wallet'
import type { Page } from '@playwright/test'
import type { StackInfo } from '../fixtures.ts'
import { expect, test } from '../fixtures.ts'
import {
  connectPolkadot,
  devnetPolkadotWallet,
  POLKADOT_DEMO,
  polkadotAccount,
  polkadotChain,
} from '../polkadot.ts'

/** The session the server holds for the page's sign-in token. */
async function serverSession(page: Page, stack: StackInfo) {
  const stored = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('@latch/siwx_session'))) ?? 'null',
  ) as { token: string }
  const answer = await page.request.get(
    `${stack.serverUrl}/auth/v1/siwx/session?projectId=latch-dev`,
    { headers: { authorization: `Bearer ${stored.token}` } },
  )
  expect(answer.status()).toBe(200)
  return (await answer.json()) as { address: string; caipNetworkId: string }
}

/** The text of the last message the extension was asked to sign (signRaw's hex bytes). */
function lastSigned(wallet: PolkadotTestWallet) {
  const request = [...wallet.requests].reverse().find((entry) => entry.method === 'signRaw')
  const data = (request?.params[0] as { data?: string } | undefined)?.data ?? '0x'
  return Buffer.from(data.slice(2), 'hex').toString()
}

for (const [label, index] of [
  ['sr25519', 0],
  ['ed25519', 6],
] as const) {
  test(`sign in with a Polkadot extension (${label}): a declined signature, then signRaw verified by the server`, async ({
    page,
    stack,
  }) => {
    const chain = polkadotChain(stack)
    const signer = polkadotAccount(stack, index)
    expect(signer.type).toBe(label)
    const wallet = await devnetPolkadotWallet(page, stack, [index])
    await connectPolkadot(page, stack, /Polkadot\.js/, `${POLKADOT_DEMO}&siwx=required`)

    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    await expect(signIn).toBeVisible()
    wallet.rejectNext('signRaw')
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(page.getByText('Signature declined')).toBeVisible()
    await expect(page.getByTestId('demo-siwx')).toHaveText('Not signed in')
    await expect(page.getByTestId('demo-account')).toContainText(signer.address)

    // Again: the extension signs the CAIP-122 message, the server checks the signature.
    await signIn.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(signIn).toBeHidden()
    await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${signer.address}`)
    const message = lastSigned(wallet)
    expect(message).toMatch(/^127\.0\.0\.1:\d+ wants you to sign in with your Polkadot account:\n/)
    expect(message).toContain(`\n${signer.address}\n`)
    expect(message).toContain(`Chain ID: ${chain.caipNetworkId.slice('polkadot:'.length)}`)
    expect(await serverSession(page, stack)).toMatchObject({
      address: signer.address,
      caipNetworkId: chain.caipNetworkId,
    })

    // A reload keeps both the extension's session and the sign-in.
    await page.reload()
    await expect(page.getByTestId('demo-siwx')).toContainText(`Signed in as ${signer.address}`)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
}
