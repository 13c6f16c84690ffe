import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HttpStatusError } from '../api/client.ts'
import { checkOrigin } from './checkOrigin.ts'
import { createAlerts } from './createAlerts.ts'

const refusing = (status: number) => ({
  projectOrigins: async () => {
    throw new HttpStatusError(status, 'refused')
  },
})

describe('the start-up check of the project and origin', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'location', {
      value: { origin: 'https://shop.example' },
      configurable: true,
    })
  })
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'location')
  })

  it("raises 'Invalid Project ID' when the server knows no such project (401)", async () => {
    const alerts = createAlerts()
    await checkOrigin({ api: refusing(401), alerts })
    expect(alerts.state.get()).toMatchObject({ title: 'Invalid Project ID', open: true })
  })

  it('names the origin when the project does not allow it (403)', async () => {
    const alerts = createAlerts()
    await checkOrigin({ api: refusing(403), alerts })
    expect(alerts.state.get()).toMatchObject({ title: 'Origin Not Allowed', open: true })
    expect(alerts.state.get().message).toContain('https://shop.example')
  })

  it('raises nothing when the server is unreachable or allows the page', async () => {
    const alerts = createAlerts()
    await checkOrigin({ api: refusing(500), alerts })
    await checkOrigin({ api: { projectOrigins: async () => ({ allowedOrigins: [] }) }, alerts })
    expect(alerts.state.get().open).toBe(false)
  })
})
