import type { DashboardSignInsResponse } from '@latch/protocol/dashboard'
import { dailyChart } from '../dailyChart.ts'
import { el, emptyState, formatCount, section } from '../dom.ts'
import { rangeText } from './rangeText.ts'

export function signInsSection(data: DashboardSignInsResponse): HTMLElement {
  const { succeeded, failed, cancelled } = data.totals
  if (succeeded + failed + cancelled === 0)
    return section(
      'signins',
      'Sign-ins',
      emptyState(`No sign-ins in ${rangeText(data.range.days)}.`),
    )
  const days = data.daily.map((row) => row.day)
  return section(
    'signins',
    'Sign-ins',
    el(
      'p',
      { class: 'legend-line' },
      el('span', { 'data-testid': 'signins-succeeded' }, formatCount(succeeded)),
      ' signed in, ',
      el('span', { 'data-testid': 'signins-failed' }, formatCount(failed)),
      ' failed, ',
      el('span', { 'data-testid': 'signins-cancelled' }, formatCount(cancelled)),
      ' cancelled',
    ),
    dailyChart('signins-chart', days, [
      {
        label: 'Signed in',
        stroke: '#5b8def',
        fill: 'rgba(91, 141, 239, 0.55)',
        values: data.daily.map((row) => row.succeeded),
      },
      {
        label: 'Failed',
        stroke: '#e5604d',
        fill: 'rgba(229, 96, 77, 0.55)',
        values: data.daily.map((row) => row.failed),
      },
    ]),
  )
}
