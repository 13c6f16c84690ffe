import { describe, expect, it } from 'vitest'
import { createAlerts } from './createAlerts.ts'
import { KNOWN_ALERTS } from './knownAlerts.ts'

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
      message: expect.stringContaining('Wallets installed in your browser still work'),
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
      'Service Unreachable',
    ])
    expect(KNOWN_ALERTS.sessionExpired.longMessage).toMatch(/time.*reconnect/)
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
    alerts.raise(KNOWN_ALERTS.serviceUnreachable)
    alerts.raise(KNOWN_ALERTS.serviceUnreachable)
    expect(opened).toEqual([
      'Invalid App Configuration',
      'Embedded Wallet Request Timed Out',
      'Service Unreachable',
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
