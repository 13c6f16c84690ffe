import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAlerts } from '../alerts/createAlerts.ts'
import { createSetupReport } from './createSetupReport.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createSetupReport', () => {
  it("writes each mistake's line once per instance, and raises its alert", async () => {
    const written: string[] = []
    vi.spyOn(console, 'error').mockImplementation((line: string) => written.push(line))
    const alerts = createAlerts()
    const report = createSetupReport({ alerts })
    await report((problems) => problems.serverUnreachable('http://127.0.0.1:9'))
    await report((problems) => problems.serverUnreachable('http://127.0.0.1:9'))
    expect(written).toEqual([
      '[latch] Service Unreachable: the Latch server at http://127.0.0.1:9 did not answer. Check the serverUrl option and that the server is running; until then only wallets installed in the browser are offered.',
    ])
    expect(alerts.state.get()).toMatchObject({ open: true, title: 'Service Unreachable' })

    const another = createSetupReport({ alerts: createAlerts() })
    await another((problems) => problems.serverUnreachable('http://127.0.0.1:9'))
    expect(written).toHaveLength(2)
  })
})
