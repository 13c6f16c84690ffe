/** How the page names a range in its sentences: "the last 30 days", or "today". */
export const rangeText = (days: number): string => (days === 1 ? 'today' : `the last ${days} days`)
