import type { DashboardFunnelResponse, FunnelStep } from '@latch/protocol/dashboard'
import { el, emptyState, formatCount, percent, section } from '../dom.ts'
import { rangeText } from './rangeText.ts'

const STEP_NAMES: Record<FunnelStep, string> = {
  opened: 'Opened the modal (not connected)',
  choseMethod: 'Chose a way to connect',
  choseWallet: 'Picked a wallet',
  connected: 'Connected',
}

/** The funnel's steps with their share of opens, each a row with a meter. */
export function funnelSection(data: DashboardFunnelResponse): HTMLElement {
  const opened = data.steps[0]?.count ?? 0
  if (data.steps.every((step) => step.count === 0))
    return section(
      'funnel',
      'Connect funnel',
      emptyState(`No visitor opened the modal in ${rangeText(data.range.days)}.`),
    )
  const max = Math.max(1, ...data.steps.map((step) => step.count))
  const rows = data.steps.map((step) =>
    el(
      'tr',
      {},
      el('th', { scope: 'row' }, STEP_NAMES[step.step]),
      el('td', { 'data-testid': `funnel-${step.step}` }, formatCount(step.count)),
      el('td', {}, percent(step.count, opened)),
      el(
        'td',
        {},
        el('meter', {
          min: '0',
          max: String(max),
          value: String(step.count),
          'aria-hidden': 'true',
        }),
      ),
    ),
  )
  return section(
    'funnel',
    'Connect funnel',
    el(
      'table',
      {},
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', { scope: 'col' }, 'Step'),
          el('th', { scope: 'col' }, 'Events'),
          el('th', { scope: 'col' }, 'Of opens'),
          el('th', { scope: 'col' }, ''),
        ),
      ),
      el('tbody', {}, ...rows),
    ),
    el(
      'p',
      { class: 'note' },
      'Counted in events per day: a visitor who opens the modal twice counts twice.',
    ),
  )
}
