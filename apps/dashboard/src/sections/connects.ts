import type { DashboardConnectsResponse } from '@latch/protocol/dashboard'
import { dailyChart } from '../dailyChart.ts'
import { emptyState, section } from '../dom.ts'
import { rangeText } from './rangeText.ts'

export function connectsSection(data: DashboardConnectsResponse): HTMLElement {
  return section(
    'connects',
    'Connects per day',
    data.total === 0
      ? emptyState(`No connects in ${rangeText(data.range.days)}.`)
      : dailyChart(
          'connects-chart',
          data.daily.map((row) => row.day),
          [
            {
              label: 'Connects',
              stroke: '#3fb68b',
              fill: 'rgba(63, 182, 139, 0.55)',
              values: data.daily.map((row) => row.count),
            },
          ],
        ),
  )
}
