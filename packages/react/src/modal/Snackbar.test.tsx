// @vitest-environment jsdom
import { phrase } from '@latch/core'
import { decimal } from '@latch/protocol/i18n'
import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderView, testLatch } from '../test/renderView.fixture.tsx'

/** The snackbar's text once the modal speaks the instance's language. */
async function snackbarText(locale: string, show: (latch: ReturnType<typeof testLatch>) => void) {
  const latch = testLatch({ locale })
  const page = await renderView(latch)
  // The language's chunk loads after mount: the page says so with its button's text.
  await page.findByText(locale === 'fr' ? 'Connecter un wallet' : 'ربط المحفظة')
  act(() => show(latch))
  return (await page.findByTestId('latch-snackbar')).textContent
}

describe('the snackbar', () => {
  it("words core's phrases in the modal's language, amounts written the French way", async () => {
    const text = await snackbarText('fr', (latch) =>
      latch.snackbar.showSuccess(
        phrase('snackbar.sent', { amount: decimal('1234.000015'), symbol: 'ETH' }),
      ),
    )
    expect(text).toBe('Envoyé : 1\u202f234,000015 ETH')
  })

  it('words a phrase and the message inside it in Arabic', async () => {
    const text = await snackbarText('ar', (latch) =>
      latch.snackbar.showError(
        phrase('swap.quoteFailed', { reason: { text: 'Network not supported for Swaps' } }),
      ),
    )
    expect(text).toBe('تعذّر الحصول على عرض سعر: الشبكة غير مدعومة للمبادلة')
  })

  it('shows the English words in English', async () => {
    const latch = testLatch({ locale: 'en' })
    const page = await renderView(latch)
    act(() =>
      latch.snackbar.showSuccess(
        phrase('swap.swapped', {
          paid: decimal('1500'),
          from: 'USDC',
          received: decimal('0.5'),
          to: 'ETH',
        }),
      ),
    )
    expect((await page.findByTestId('latch-snackbar')).textContent).toBe(
      'Swapped 1,500 USDC for 0.5 ETH',
    )
  })
})
