import type { DashboardErrorsResponse } from '@latch/protocol/dashboard'
import { el, emptyState, formatCount, section } from '../dom.ts'
import { rangeText } from './rangeText.ts'

/** Where an error happened, for events that name it by their kind rather than by a message. */
const EVENT_NAMES: Record<string, string> = {
  KIT_ERROR: 'Kit',
  CONNECT_ERROR: 'Connect',
  SIWX_AUTH_ERROR: 'Sign-in',
  SEND_ERROR: 'Send',
  SWAP_ERROR: 'Swap',
  ERROR_FETCH_TRANSACTIONS: 'Activity',
}

const NO_MESSAGE: Record<string, string> = {
  ERROR_FETCH_TRANSACTIONS: 'The transaction history could not be loaded',
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

export function errorsSection(data: DashboardErrorsResponse): HTMLElement {
  if (data.errors.length === 0)
    return section('errors', 'Errors', emptyState(`No errors in ${rangeText(data.range.days)}.`))
  const rows = data.errors.map((error, index) =>
    el(
      'tr',
      {},
      el('th', { scope: 'row' }, error.message || NO_MESSAGE[error.event] || 'No message'),
      el('td', {}, EVENT_NAMES[error.event] ?? error.event),
      el('td', { 'data-testid': `errors-${index}-count` }, formatCount(error.count)),
      el(
        'td',
        {},
        el('time', { datetime: error.lastSeen }, dateTime.format(new Date(error.lastSeen))),
      ),
    ),
  )
  return section(
    'errors',
    'Errors',
    el(
      'table',
      {},
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...['Message', 'Where', 'Count', 'Last seen'].map((title) =>
            el('th', { scope: 'col' }, title),
          ),
        ),
      ),
      el('tbody', {}, ...rows),
    ),
  )
}
