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

  it('shows each of its alerts once per instance, however often and by whomever raised', () => {
    const alerts = createAlerts()
    const opened: (string | undefined)[] = []
    alerts.state.subscribe((state, previous) => {
      if (state.open && (!previous.open || previous.title !== state.title)) opened.push(state.title)
    })
    alerts.raise(KNOWN_ALERTS.invalidAppConfiguration)
    alerts.raise(KNOWN_ALERTS.invalidAppConfiguration)
    alerts.raise(KNOWN_ALERTS.embeddedWalletRequestTimedOut)
    // Back to the first after another: still not shown again.
    alerts.raise(KNOWN_ALERTS.invalidAppConfiguration)
    expect(alerts.state.get().title).toBe('Embedded Wallet Request Timed Out')
    // Closed, it stays closed: closing does not ask for it again.
    alerts.close()
    alerts.raise(KNOWN_ALERTS.embeddedWalletRequestTimedOut)
    alerts.raise(originNotAllowedAlert('https://shop.example'))
    alerts.raise(originNotAllowedAlert('https://shop.example'))
    expect(opened).toEqual([
      'Invalid App Configuration',
      'Embedded Wallet Request Timed Out',
      'Origin Not Allowed',
    ])
    // The site's own messages are its to repeat.
    alerts.open('Saved', 'success')
    alerts.close()
    alerts.open('Saved', 'success')
    expect(alerts.state.get()).toMatchObject({ message: 'Saved', open: true })
    // Another instance has shown nothing yet.
    const other = createAlerts()
    other.raise(KNOWN_ALERTS.invalidAppConfiguration)
    expect(other.state.get()).toMatchObject({ title: 'Invalid App Configuration', open: true })
  })

  it('keeps two instances apart', () => {
    const a = createAlerts()
    const b = createAlerts()
    a.raise(KNOWN_ALERTS.invalidProjectId)
    expect(b.state.get().open).toBe(false)
  })
})
