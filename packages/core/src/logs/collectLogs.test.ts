import { describe, expect, it } from 'vitest'
import { createAlerts } from '../alerts/index.ts'
import { createEvents } from '../events/index.ts'
import { collectLogs } from './collectLogs.ts'

describe('collectLogs', () => {
  it('keeps each event and each alert as it opens, an alert shown again once', () => {
    const events = createEvents()
    const alerts = createAlerts()
    const logs = collectLogs({ events, alerts })
    events.emit({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false } })
    alerts.open('The shop is closed', 'warning')
    alerts.open('The shop is closed', 'warning')
    alerts.raise({
      variant: 'error',
      shortMessage: 'Service Unreachable',
      longMessage: 'No answer',
    })
    const lines = logs.text().trim().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toContain('info MODAL_OPEN {"connected":false}')
    expect(lines[1]).toContain('warn alert "The shop is closed"')
    expect(lines[2]).toContain('error Service Unreachable "No answer"')
  })
})
