import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig, repoRoot } from '../src/config.ts'
import { loadMasterKey } from '../src/embedded/masterKey.ts'
import { buildFrameServer } from '../src/frameApp.ts'
import { newDeviceId, newEmail } from './embeddedFixtures.ts'
import { DIALECTS, devnetManifestFile, startTestServer, type TestServer } from './helpers.ts'

const emptyDataDir = () => mkdtempSync(path.join(tmpdir(), 'latch-config-'))

describe('embedded wallet configuration', () => {
  it('defaults: frame on 8788 of HOST, a week of session, the built frame page', () => {
    const dataDir = emptyDataDir()
    const { embedded } = loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0' })
    expect(embedded).toMatchObject({
      framePort: 8788,
      frameHost: '0.0.0.0',
      frameUrl: undefined,
      frameDir: path.join(repoRoot, 'packages/wallet-frame/dist'),
      masterKey: { kind: 'file', path: path.join(dataDir, 'wallet-master.key') },
      mail: { smtpUrl: undefined, from: 'Latch <no-reply@latch.local>', devLogCodes: false },
      sessionTtlMs: 168 * 60 * 60_000,
      social: [],
    })
  })

  it('reads FRAME_*, SESSION_TTL_HOURS, MAIL_FROM and SMTP_URL', () => {
    const { embedded } = loadConfig({
      DATA_DIR: emptyDataDir(),
      FRAME_PORT: '0',
      FRAME_HOST: '127.0.0.2',
      FRAME_URL: 'https://wallet.example.com/',
      SESSION_TTL_HOURS: '2',
      MAIL_FROM: 'Wallet <w@example.com>',
      SMTP_URL: 'smtp://mail.example.com:587',
      WALLET_MASTER_KEY: 'AB'.repeat(32),
    })
    expect(embedded).toMatchObject({
      framePort: 0,
      frameHost: '127.0.0.2',
      frameUrl: 'https://wallet.example.com',
      sessionTtlMs: 2 * 60 * 60_000,
      mail: { smtpUrl: 'smtp://mail.example.com:587', from: 'Wallet <w@example.com>' },
      masterKey: { kind: 'env', key: Buffer.from('ab'.repeat(32), 'hex') },
    })
    // Named SMTP: a real server, whose codes stay out of the log.
    expect(embedded.mail.devLogCodes).toBe(false)
  })

  it("takes the devnet's mail catcher and OIDC provider outside production only", () => {
    const manifest = devnetManifestFile()
    const dev = loadConfig({ DATA_DIR: emptyDataDir(), DEVNET_MANIFEST: manifest })
    expect(dev.embedded.mail.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+/)
    expect(dev.embedded.mail.devLogCodes).toBe(true)
    expect(dev.embedded.social.map((provider) => provider.id)).toEqual(['dev'])
    const production = loadConfig({
      DATA_DIR: emptyDataDir(),
      DEVNET_MANIFEST: manifest,
      NODE_ENV: 'production',
      WALLET_MASTER_KEY: 'cd'.repeat(32),
    })
    expect(production.embedded.mail).toMatchObject({ smtpUrl: undefined, devLogCodes: false })
    expect(production.embedded.social).toEqual([])
  })

  it('refuses a bad master key, and none in production', () => {
    expect(() => loadConfig({ DATA_DIR: emptyDataDir(), WALLET_MASTER_KEY: 'abc' })).toThrow(
      'WALLET_MASTER_KEY: WALLET_MASTER_KEY must be 64 hex characters (32 bytes)',
    )
    expect(() => loadConfig({ DATA_DIR: emptyDataDir(), NODE_ENV: 'production' })).toThrow(
      'WALLET_MASTER_KEY: required in production',
    )
    expect(() => loadConfig({ DATA_DIR: emptyDataDir(), FRAME_URL: 'ftp://x.example' })).toThrow(
      'FRAME_URL must be http(s)',
    )
  })

  it('creates a development master key once (mode 0600), with a warning each time', () => {
    const file = path.join(emptyDataDir(), 'nested', 'wallet-master.key')
    const warnings: string[] = []
    const log = { warn: (message: string) => void warnings.push(message) }
    const first = loadMasterKey({ kind: 'file', path: file }, log)
    expect(first).toHaveLength(32)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'))
    expect(loadMasterKey({ kind: 'file', path: file }, log).equals(first)).toBe(true)
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toContain('WALLET_MASTER_KEY is not set')
    writeFileSync(file, 'not a key')
    expect(() => loadMasterKey({ kind: 'file', path: file }, log)).toThrow(
      'does not hold a 64-hex-character key',
    )
  })
})

describe.each(DIALECTS)('the frame origin listening on a free port (%s)', (dialect) => {
  let server: TestServer
  afterAll(async () => {
    await server?.close()
  })

  it('takes its origin from the port it got when FRAME_URL is unset', async () => {
    const dataDir = emptyDataDir()
    server = await startTestServer(dialect, {
      FRAME_URL: undefined,
      FRAME_PORT: '0',
      WALLET_MASTER_KEY: undefined,
      DATA_DIR: dataDir,
    })
    const frame = await buildFrameServer({ config: server.config, db: server.db })
    try {
      // The master key file of the data dir was made for the first app and read by the second.
      expect(existsSync(path.join(dataDir, 'wallet-master.key'))).toBe(true)
      const address = await frame.listen({ port: 0, host: '127.0.0.1' })
      const call = (origin: string) =>
        fetch(`${address}/wallet/v1/email/start`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({
            email: newEmail(),
            deviceId: newDeviceId(),
            projectId: 'latch-dev',
          }),
        })
      const own = await call(address)
      expect(own.status).toBe(200)
      expect(await own.json()).toEqual({ action: 'VERIFY_OTP' })
      expect((await call('http://127.0.0.1:1')).status).toBe(403)
    } finally {
      await frame.close()
    }
  })
})
