/** Keys for a fixed number of placeholder rows (the rows have no identity of their own). */
const rowKeys = (count: number) => Array.from({ length: count }, (_, index) => `row-${index + 1}`)

/**
 * Placeholder rows in the shape of the list that is loading (an icon and two lines), so the view
 * keeps its size and the content lands where the shapes were. Screen readers hear `label`.
 */
export function SkeletonRows({
  count = 3,
  label,
  testId,
}: {
  count?: number
  label: string
  testId?: string
}) {
  return (
    <div className="latch-list" role="status" aria-busy="true" data-testid={testId}>
      <span className="latch-visually-hidden">{label}</span>
      {rowKeys(count).map((key) => (
        <div key={key} className="latch-skeleton-row" aria-hidden="true">
          <span className="latch-skeleton latch-skeleton-circle" />
          <span className="latch-skeleton-lines">
            <span className="latch-skeleton latch-skeleton-line" />
            <span className="latch-skeleton latch-skeleton-line" data-width="short" />
          </span>
        </div>
      ))}
    </div>
  )
}

/** A one-line placeholder for a value that is on its way (a balance, a total). */
export function SkeletonText({ label, size }: { label: string; size?: 'lg' }) {
  return (
    <span
      className="latch-skeleton latch-skeleton-text"
      data-size={size}
      role="status"
      aria-busy="true"
    >
      <span className="latch-visually-hidden">{label}</span>
    </span>
  )
}
