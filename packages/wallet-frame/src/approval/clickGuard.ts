import { APPROVAL_CLICK_DELAY_MS } from '../constants.ts'

/**
 * Whether a click on Approve or Reject counts: only a real user's click (`isTrusted`; a script's
 * `click()` is not) and only once the screen has been up APPROVAL_CLICK_DELAY_MS, so a site cannot
 * slip the screen under a click the user aimed at something else.
 */
export function isApprovalClickAccepted(
  click: { isTrusted: boolean; at: number },
  shownAt: number,
): boolean {
  return click.isTrusted && click.at - shownAt >= APPROVAL_CLICK_DELAY_MS
}
