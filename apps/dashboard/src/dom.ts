/** An element with its text and attributes; never HTML from data, so no event text can inject markup. */
export function el<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.append(...children)
  return element
}

const numberFormat = new Intl.NumberFormat('en-US')
export const formatCount = (value: number): string => numberFormat.format(value)

/** A share as a whole percent ("42%"), or an en dash when there is nothing to divide by. */
export const percent = (part: number, whole: number): string =>
  whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`

/** A section: a heading and its content, or the sentence that says it is empty. */
export function section(id: string, title: string, ...content: Node[]): HTMLElement {
  return el(
    'section',
    { class: 'card', 'data-testid': id, 'aria-labelledby': `${id}-title` },
    el('h2', { id: `${id}-title` }, title),
    ...content,
  )
}

export const emptyState = (sentence: string): HTMLElement => el('p', { class: 'empty' }, sentence)

/** A table of rows; each count cell has a `data-testid` of `${testId}-${row key}-${column key}`. */
export function table<Row>(
  testId: string,
  columns: { key: string; title: string; value: (row: Row) => string | number }[],
  rows: readonly Row[],
  keyOf: (row: Row) => string,
): HTMLTableElement {
  const head = el('tr', {}, ...columns.map((column) => el('th', { scope: 'col' }, column.title)))
  const body = rows.map((row) =>
    el(
      'tr',
      {},
      ...columns.map((column, index) => {
        const value = column.value(row)
        const text = typeof value === 'number' ? formatCount(value) : value
        return index === 0
          ? el('th', { scope: 'row' }, text)
          : el('td', { 'data-testid': `${testId}-${keyOf(row)}-${column.key}` }, text)
      }),
    ),
  )
  return el('table', {}, el('thead', {}, head), el('tbody', {}, ...body))
}

/** A number the summary shows, with its label; `data-testid` lets a test read it. */
export const stat = (testId: string, label: string, value: string): HTMLElement =>
  el(
    'div',
    { class: 'stat' },
    el('span', { class: 'stat-value', 'data-testid': testId }, value),
    el('span', { class: 'stat-label' }, label),
  )
