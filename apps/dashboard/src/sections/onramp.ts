import type { DashboardOnrampResponse } from '@latch/protocol/dashboard'
import { el, emptyState, formatCount, section, table } from '../dom.ts'
import { rangeText } from './rangeText.ts'

const money = (cents: number, currency: string): string => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100)
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`
  }
}

export function onrampSection(data: DashboardOnrampResponse): HTMLElement {
  if (data.orders === 0)
    return section(
      'onramp',
      'On-ramp orders',
      emptyState(`No on-ramp orders in ${rangeText(data.range.days)}.`),
    )
  return section(
    'onramp',
    'On-ramp orders',
    table(
      'onramp-status',
      [
        { key: 'status', title: 'Status', value: (row) => row.status },
        { key: 'count', title: 'Orders', value: (row) => row.count },
      ],
      data.byStatus,
      (row) => row.status,
    ),
    data.paid.length === 0
      ? emptyState('No order was paid yet.')
      : el(
          'ul',
          { class: 'paid' },
          ...data.paid.map((row) =>
            el(
              'li',
              { 'data-testid': `onramp-paid-${row.currency}` },
              `${money(row.totalCents, row.currency)} paid in ${formatCount(row.orders)} ${row.orders === 1 ? 'order' : 'orders'}`,
            ),
          ),
        ),
  )
}
