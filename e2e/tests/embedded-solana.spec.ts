import { createPublicKey, verify } from 'node:crypto'
import { decodeBase58, encodeBase58 } from '@latch/protocol'
import type { Page } from '@playwright/test'
import { loginWithEmail, walletFrame } from '../embedded.ts'
import { expect, test } from '../fixtures.ts'
import { freshEmail } from '../mail.ts'

type FrameAnswer = { type: string; id: string; payload: Record<string, unknown> }

/**
 * Sends one RPC_REQUEST to the wallet frame from the site's page, as the kit does, and shows the
 * frame where the kit's modal would put it (the kit's Solana side is not in this build). Resolves
 * with the frame's answer.
 */
function askFrame(page: Page, frameOrigin: string, id: string, payload: unknown) {
  return page.evaluate(
    ({ frameOrigin, id, payload }) =>
      new Promise<FrameAnswer>((resolve) => {
        const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')
        if (!iframe?.contentWindow) throw new Error('no wallet frame')
        window.addEventListener('message', (event) => {
          if (event.origin === frameOrigin && event.data?.id === id) resolve(event.data)
        })
        iframe.contentWindow.postMessage(
          { type: '@latch-app/RPC_REQUEST', id, payload },
          frameOrigin,
        )
        Object.assign(iframe.style, {
          top: '0px',
          left: '0px',
          width: '420px',
          height: '640px',
          visibility: 'visible',
        })
      }),
    { frameOrigin, id, payload },
  )
}

test.describe('the embedded wallet on Solana', () => {
  test('an email user approves solana_signMessage in the frame: the signature verifies with ed25519; a decline answers 4001', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.demoUrl)
    await loginWithEmail(page, stack, freshEmail('solana'))
    const frame = await walletFrame(page, stack)
    const frameOrigin = new URL(stack.frameUrl).origin
    const pubkey = await frame.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('latch-frame/session') ?? '{}') as {
            solanaAddress?: string
          }
        ).solanaAddress,
    )
    expect(pubkey).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

    const text = 'Sign in to the Latch demo with Solana'
    const message = encodeBase58(new TextEncoder().encode(text))
    const answer = askFrame(page, frameOrigin, 'solana-1', {
      method: 'solana_signMessage',
      params: { message, pubkey },
    })
    const screen = frame.getByTestId('latch-approve')
    await expect(screen).toHaveAttribute('data-method', 'solana_signMessage')
    await expect(screen.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await expect(screen).toContainText(text)
    await expect(screen).toContainText(pubkey as string)
    await expect(screen).toContainText(new URL(stack.demoUrl).host)
    await screen.locator('[data-action="approve"]').click()
    const signed = await answer
    expect(signed.type).toBe('@latch-frame/RPC_REQUEST_SUCCESS')
    const signature = decodeBase58(signed.payload.signature as string) as Uint8Array
    const key = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(decodeBase58(pubkey as string) as Uint8Array).toString('base64url'),
      },
      format: 'jwk',
    })
    expect(verify(null, new TextEncoder().encode(text), key, signature)).toBe(true)
    await expect(frame.getByTestId('latch-approve')).toHaveCount(0)

    // Declined: the site gets the rejection, and nothing is signed.
    const declined = askFrame(page, frameOrigin, 'solana-2', {
      method: 'solana_signMessage',
      params: { message, pubkey },
    })
    await frame.getByTestId('latch-approve').locator('[data-action="reject"]').click()
    expect(await declined).toMatchObject({
      type: '@latch-frame/RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request', code: 4001 },
    })
  })
})
