import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { el } from './dom.ts'

export type DailySeries = { label: string; stroke: string; fill: string; values: number[] }

const CHART_HEIGHT = 220
const DAY_SECONDS = 86_400

/**
 * Daily counts as bars, one series each, over the days given (YYYY-MM-DD, UTC): the server buckets
 * by UTC day, so the axis reads UTC too. uPlot styles through the DOM's style objects, never an
 * inline style attribute, so it runs under the page's CSP.
 */
export function dailyChart(
  testId: string,
  days: readonly string[],
  series: DailySeries[],
): HTMLElement {
  const holder = el('div', { class: 'chart', 'data-testid': testId, role: 'img' })
  holder.setAttribute(
    'aria-label',
    series.map((one) => `${one.label}: ${one.values.reduce((a, b) => a + b, 0)}`).join(', '),
  )
  const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000)
  const bars = uPlot.paths.bars?.({ size: [0.8, 48], gap: 1 })
  const options: uPlot.Options = {
    width: 600,
    height: CHART_HEIGHT,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: {
      // Counts start at zero, so a day's bar reads against the others by its height.
      y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      x: { time: true, range: (_u, min, max) => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] },
    },
    axes: [{ stroke: '#8a8f98' }, { stroke: '#8a8f98', size: 48 }],
    series: [
      {},
      ...series.map((one) => ({
        label: one.label,
        stroke: one.stroke,
        fill: one.fill,
        width: 1,
        ...(bars ? { paths: bars } : {}),
        points: { show: false },
      })),
    ],
  }
  const plot = new uPlot(options, [xs, ...series.map((one) => one.values)], holder)
  // Sized to its column once on the page, and again whenever the column changes.
  const fit = () => {
    const width = holder.clientWidth
    if (width > 0) plot.setSize({ width, height: CHART_HEIGHT })
  }
  new ResizeObserver(fit).observe(holder)
  return holder
}
