// The support log a site attaches to a support request, read through the instance: what the
// visitor met is in it, nothing secret is, and it stays about a megabyte however long the page runs.
import { describe, expect, it } from 'vitest'
import { createLatch } from './createLatch.ts'
import { LOG_BUFFER_BYTES } from './logs/createLogBuffer.ts'
import { defineEvmNetwork } from './network/index.ts'
import { createMemoryStorage } from './storage/index.ts'

const devnet = defineEvmNetwork({
  id: 31337,
  name: 'Latch Devnet',
  rpcUrl: 'http://127.0.0.1:8545',
})
const otherChain = defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'http://127.0.0.1:9' })

const create = () =>
  createLatch({
    projectId: 'latch-dev',
    serverUrl: 'http://127.0.0.1:8787',
    networks: [devnet],
    storage: createMemoryStorage(),
    // Nothing leaves the test: the log is what is read.
    features: { analytics: false },
  })

const bytesOf = (text: string) => new TextEncoder().encode(text).length

describe('latch.exportLogs()', () => {
  it('holds the errors the visitor met, with their view and chain, and none of their secrets', async () => {
    const latch = create()
    latch.router.reset('Networks')
    // The kit meets an error: a switch to a network the site does not have.
    await latch.switchNetwork(otherChain)
    expect(latch.alerts.state.get().title).toBe('Network Not Found')
    // And the site shows one of its own errors, which quotes what it should not.
    const email = 'visitor@example.com'
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2aXNpdG9yIn0.c2lnbmF0dXJlLXBhcnQ'
    const signature = `0x${'5d'.repeat(65)}`
    latch.snackbar.showError(`Checkout for ${email} failed (session ${token}, proof ${signature})`)

    const exported = latch.exportLogs()
    const lines = exported.trimEnd().split('\n')
    const kitErrors = lines.filter((line) => line.includes(' error KIT_ERROR '))
    expect(kitErrors).toHaveLength(2)
    expect(kitErrors[0]).toContain('"message":"Network Not Found"')
    for (const line of kitErrors) {
      expect(line).toContain('"view":"Networks"')
      expect(line).toContain('"chain":"eip155:31337"')
    }
    expect(lines.some((line) => line.includes(' error Network Not Found "The network asked'))).toBe(
      true,
    )
    // The site's error is there, in the words shown, its secrets replaced.
    expect(kitErrors[1]).toContain('Checkout for [email] failed (session [token], proof [hex])')
    for (const secret of [email, token, signature.slice(2), 'eyJhbGciOiJIUzI1NiJ9'])
      expect(exported).not.toContain(secret)
  })

  it(`keeps about ${LOG_BUFFER_BYTES} bytes, the newest lines, however many errors the page met`, () => {
    const latch = create()
    // About 1 KB a toast, each its own KIT_ERROR line: 2 MB in all.
    const filler = 'x'.repeat(1_000)
    for (let index = 0; index < 2_000; index++) {
      latch.snackbar.showError(`Failure ${index} ${filler}`)
      latch.snackbar.hide()
    }
    const exported = latch.exportLogs()
    expect(bytesOf(exported)).toBeLessThanOrEqual(LOG_BUFFER_BYTES)
    // Within one line of the bound: the oldest lines went, one at a time.
    expect(bytesOf(exported)).toBeGreaterThan(LOG_BUFFER_BYTES - 1_200)
    expect(exported).toContain('Failure 1999 ')
    expect(exported).not.toContain('Failure 0 ')
  })
})
