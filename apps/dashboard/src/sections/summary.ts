import type {
  DashboardConnectsResponse,
  DashboardErrorsResponse,
  DashboardFunnelResponse,
  DashboardOnrampResponse,
  DashboardSignInsResponse,
} from '@latch/protocol/dashboard'
import { el, formatCount, percent, stat } from '../dom.ts'

/** The headline numbers of the range, each readable by its `data-testid`. */
export function summarySection(data: {
  connects: DashboardConnectsResponse
  funnel: DashboardFunnelResponse
  signIns: DashboardSignInsResponse
  errors: DashboardErrorsResponse
  onramp: DashboardOnrampResponse
}): HTMLElement {
  const opened = data.funnel.steps.find((step) => step.step === 'opened')?.count ?? 0
  return el(
    'section',
    { class: 'summary', 'aria-label': 'Summary' },
    stat('total-connects', 'Connects', formatCount(data.connects.total)),
    stat('conversion', 'Opens that connected', percent(data.connects.total, opened)),
    stat('total-signins', 'Sign-ins', formatCount(data.signIns.totals.succeeded)),
    stat('total-errors', 'Errors', formatCount(data.errors.total)),
    stat('total-orders', 'On-ramp orders', formatCount(data.onramp.orders)),
  )
}
