import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Devnet, readManifest, startDevnet } from '../index.ts'

// startDevnet's wiring of the OIDC provider and the mail catcher (their own tests are beside them).
let scratch: string
let devnet: Devnet

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'latch-devnet-services-'))
  devnet = await startDevnet({
    ports: [0, 0],
    relayPort: 0,
    manifestPath: join(scratch, 'devnet.json'),
  })
}, 120_000)
afterAll(async () => {
  await devnet?.stop()
  rmSync(scratch, { recursive: true, force: true })
})

describe('startDevnet services', () => {
  it('writes the OIDC provider and the mail catcher to the manifest, on free ports', async () => {
    const manifest = await readManifest(join(scratch, 'devnet.json'))
    expect(manifest.oidc).toEqual({
      issuer: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      clientId: 'latch-dev',
      clientSecret: expect.any(String),
    })
    expect(manifest.mail).toEqual({
      smtpUrl: expect.stringMatching(/^smtp:\/\/127\.0\.0\.1:\d+$/),
      inboxUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    })
    const ports = [manifest.oidc?.issuer, manifest.mail?.smtpUrl, manifest.mail?.inboxUrl].map(
      (url) => Number(new URL(url ?? '').port),
    )
    for (const port of ports) expect([2525, 8548, 8549]).not.toContain(port)
  })

  it('serves discovery and catches mail', async () => {
    const { oidc, mail } = devnet.manifest
    const discovery = await fetch(`${oidc?.issuer}/.well-known/openid-configuration`)
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(oidc?.issuer)

    await nodemailer.createTransport(mail?.smtpUrl).sendMail({
      from: 'devnet@latch.test',
      to: 'frank@example.test',
      subject: 'through the devnet',
      text: 'ok',
    })
    const inbox = await fetch(`${mail?.inboxUrl}/messages?to=frank@example.test`)
    expect(await inbox.json()).toEqual([expect.objectContaining({ subject: 'through the devnet' })])
  })

  it('stop() closes both', async () => {
    const other = await startDevnet({
      ports: [0, 0],
      relayPort: 0,
      manifestPath: join(scratch, 'other.json'),
    })
    const { oidc, mail } = other.manifest
    await other.stop()
    await expect(fetch(`${oidc?.issuer}/.well-known/openid-configuration`)).rejects.toThrow()
    await expect(fetch(`${mail?.inboxUrl}/messages`)).rejects.toThrow()
  }, 120_000)
})
