import { describe, expect, it } from 'vitest'
import { APPROVAL_CLICK_DELAY_MS } from '../constants.ts'
import { isApprovalClickAccepted } from './clickGuard.ts'

describe('isApprovalClickAccepted', () => {
  const shownAt = 1_000

  it('accepts a trusted click once the screen has been up long enough', () => {
    expect(
      isApprovalClickAccepted({ isTrusted: true, at: shownAt + APPROVAL_CLICK_DELAY_MS }, shownAt),
    ).toBe(true)
    expect(isApprovalClickAccepted({ isTrusted: true, at: shownAt + 5_000 }, shownAt)).toBe(true)
  })

  it('ignores a scripted click, however late', () => {
    expect(isApprovalClickAccepted({ isTrusted: false, at: shownAt + 5_000 }, shownAt)).toBe(false)
  })

  it('ignores a click that comes too early after the screen appeared', () => {
    expect(isApprovalClickAccepted({ isTrusted: true, at: shownAt }, shownAt)).toBe(false)
    expect(
      isApprovalClickAccepted(
        { isTrusted: true, at: shownAt + APPROVAL_CLICK_DELAY_MS - 1 },
        shownAt,
      ),
    ).toBe(false)
  })
})
