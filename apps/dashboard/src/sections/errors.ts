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

type ErrorRow = DashboardErrorsResponse['errors'][number]

/** Where an error occurred, the most common first: "Account (3), Swap (1)"; a dash for none. */
const contextText = (values: ErrorRow['views']): string =>
  values.length === 0
    ? '–'
    : values.map((value) => `${value.name} (${formatCount(value.count)})`).join(', ')

/** The columns after the message, each with the `data-testid` suffix of its cells. */
const COLUMNS: { title: string; testId: string; cell: (error: ErrorRow) => Node | string }[] = [
  { title: 'Where', testId: 'event', cell: (error) => EVENT_NAMES[error.event] ?? error.event },
  { title: 'Views', testId: 'views', cell: (error) => contextText(error.views) },
  { title: 'Chains', testId: 'chains', cell: (error) => contextText(error.chains) },
  { title: 'Kit versions', testId: 'versions', cell: (error) => contextText(error.versions) },
  { title: 'Count', testId: 'count', cell: (error) => formatCount(error.count) },
  {
    title: 'Last seen',
    testId: 'last-seen',
    cell: (error) =>
      el('time', { datetime: error.lastSeen }, dateTime.format(new Date(error.lastSeen))),
  },
]

/**
 * The errors visitors met, one row per message (within the event that reported it), with the
 * views, chains and kit versions it occurred in, its count and when it was last seen. It takes
 * the board's whole width: seven columns do not fit half of it.
 */
export function errorsSection(data: DashboardErrorsResponse): HTMLElement {
  if (data.errors.length === 0)
    return section('errors', 'Errors', emptyState(`No errors in ${rangeText(data.range.days)}.`))
  const rows = data.errors.map((error, index) =>
    el(
      'tr',
      {},
      el('th', { scope: 'row' }, error.message || NO_MESSAGE[error.event] || 'No message'),
      ...COLUMNS.map((column) =>
        el('td', { 'data-testid': `errors-${index}-${column.testId}` }, column.cell(error)),
      ),
    ),
  )
  const card = section(
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
          ...['Message', ...COLUMNS.map((column) => column.title)].map((title) =>
            el('th', { scope: 'col' }, title),
          ),
        ),
      ),
      el('tbody', {}, ...rows),
    ),
  )
  card.classList.add('wide')
  return card
}
