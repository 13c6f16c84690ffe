import { describe, expect, it } from 'vitest'
import { createAlerts } from './createAlerts.ts'
import { KNOWN_ALERTS, originNotAllowedAlert } from './knownAlerts.ts'

describe('createAlerts', () => {
  it('opens a message with its variant and closes it', () => {
    const alerts = createAlerts()
    expect(alerts.state.get().open).toBe(false)
    alerts.open('Saved', 'success')
    expect(alerts.state.get()).toEqual({
      title: undefined,
      message: 'Saved',
      variant: 'success',
      open: true,
    })
    alerts.close()
    expect(alerts.state.get().open).toBe(false)
  })

  it('raises a known alert with its fixed wording as title', () => {
    const alerts = createAlerts()
    alerts.raise(KNOWN_ALERTS.projectIdNotConfigured)
    expect(alerts.state.get()).toMatchObject({
      title: 'Project ID Not Configured',
      message: expect.stringContaining('projectId'),
      variant: 'error',
      open: true,
    })
  })

  it('names every alert the kit can raise', () => {
    expect(Object.values(KNOWN_ALERTS).map((alert) => alert.shortMessage)).toEqual([
      'Network Not Found',
      'Invalid App Configuration',
      'Embedded wallet load failed',
      'Embedded Wallet Request Timed Out',
      'Session Expired',
      'Invalid Project ID',
      'Project ID Not Configured',
    ])
    expect(KNOWN_ALERTS.sessionExpired.longMessage).toMatch(/time.*reconnect/)
  })

  it('says which origin is not allowed', () => {
    const alert = originNotAllowedAlert('https://shop.example')
    expect(alert.longMessage).toContain('https://shop.example')
    const alerts = createAlerts()
    alerts.raise(alert)
    expect(alerts.state.get().title).toBe('Origin Not Allowed')
  })

  it('keeps two instances apart', () => {
    const a = createAlerts()
    const b = createAlerts()
    a.raise(KNOWN_ALERTS.invalidProjectId)
    expect(b.state.get().open).toBe(false)
  })
})
