import { createDecipheriv } from 'node:crypto'
import { toHex, verifyMessage } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveKey } from '../src/embedded/keys.ts'
import { codeOf, mailsTo, newDeviceId, newEmail, nextMail, walletCall } from './embeddedFixtures.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'

type KeyRow = {
  id: string
  address: string
  key_iv: Uint8Array
  key_ciphertext: Uint8Array
  key_tag: Uint8Array
}

/** Decrypts a user's key as the server would, with the test server's master key. */
function decryptKey(masterKey: Buffer, row: KeyRow): Buffer {
  const decipher = createDecipheriv(
    'aes-256-gcm',
    deriveKey(masterKey, 'wallet key encryption v1'),
    row.key_iv,
  )
  decipher.setAAD(Buffer.from(row.id))
  decipher.setAuthTag(row.key_tag)
  return Buffer.concat([decipher.update(row.key_ciphertext), decipher.final()])
}

describe.each(DIALECTS)('secrets of the embedded wallet on %s', (dialect) => {
  let server: TestServer
  const lines: string[] = []
  beforeAll(async () => {
    server = await startTestServer(dialect, { LOG_LEVEL: 'trace' }, undefined, {
      logStream: { write: (line) => void lines.push(line) },
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('logs no private key, code, session token or flow secret, and stores no plaintext key', async () => {
    const email = newEmail('secret')
    const deviceId = newDeviceId()
    const start = await walletCall(server, 'email/start', {
      email,
      deviceId,
      projectId: 'latch-dev',
    })
    const code = codeOf(await nextMail(email, 0))
    const verify = await walletCall(server, 'email/verify', { email, otp: code, deviceId })
    const { sessionToken, user } = verify.json()
    const signed = await walletCall(
      server,
      'rpc',
      { method: 'personal_sign', params: [toHex('prove the key'), user.address], chainId: 31337 },
      { token: sessionToken },
    )
    const signature = signed.json().result
    const social = await walletCall(server, 'social/start', {
      provider: 'dev',
      deviceId,
      projectId: 'latch-dev',
    })
    const { flowSecret } = social.json()
    await walletCall(server, 'session/signout', {}, { token: sessionToken })

    const [row] = await server.db.query<KeyRow>(
      'select id, address, key_iv, key_ciphertext, key_tag from wallet_users where address = $1',
      [user.address],
    )
    const privateKey = decryptKey(server.masterKey, row as KeyRow)
    // The key the test decrypted is the one that signed.
    expect(privateKeyToAddress(toHex(privateKey))).toBe(user.address)
    expect(
      await verifyMessage({ address: user.address, message: 'prove the key', signature }),
    ).toBe(true)

    const keyHex = privateKey.toString('hex')
    const secrets = { keyHex, code, sessionToken, flowSecret }
    const log = lines.join('')
    // The capture sees the requests (their paths), so a leak would show.
    expect(log).toContain('"url":"/wallet/v1/email/verify"')
    expect(log).toContain('"url":"/wallet/v1/rpc"')
    for (const [name, secret] of Object.entries(secrets))
      expect(log.includes(secret), `${name} in the log`).toBe(false)
    expect(log.includes(privateKey.toString('base64'))).toBe(false)
    // No answer to anyone carries the key.
    for (const response of [start, verify, signed, social])
      expect(response.body.toLowerCase().includes(keyHex)).toBe(false)

    // The database: ciphertext only, no column holding the key in any encoding.
    const rows = await server.db.query('select * from wallet_users where address = $1', [
      user.address,
    ])
    const dump = JSON.stringify(rows, (_key, value) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value,
    )
    expect(dump.includes(keyHex)).toBe(false)
    expect(Buffer.from((row as KeyRow).key_ciphertext).equals(privateKey)).toBe(false)
    const sessions = JSON.stringify(await server.db.query('select * from wallet_sessions'))
    expect(sessions.includes(sessionToken)).toBe(false)
    const challenges = JSON.stringify(
      await server.db.query('select * from wallet_login_challenges'),
    )
    expect(challenges.includes(`"${code}"`)).toBe(false)
    expect(challenges.includes(deviceId)).toBe(false)
  })

  it('refuses to decrypt a key moved to another user', async () => {
    const rows = await server.db.query<KeyRow>(
      'select id, address, key_iv, key_ciphertext, key_tag from wallet_users limit 1',
    )
    const row = rows[0] as KeyRow
    expect(() =>
      decryptKey(server.masterKey, { ...row, id: '00000000-0000-0000-0000-000000000000' }),
    ).toThrow()
  })
})

describe('development mail logging', () => {
  let server: TestServer
  const lines: string[] = []
  beforeAll(async () => {
    // No SMTP_URL: the mail goes to the manifest's catcher, and the code shows in the log.
    server = await startTestServer(
      'pglite',
      { SMTP_URL: undefined, LOG_LEVEL: 'info' },
      undefined,
      {
        logStream: { write: (line) => void lines.push(line) },
      },
    )
  })
  afterAll(async () => {
    await server?.close()
  })

  it('logs each code at info level, as the dev log promises', async () => {
    expect(server.config.embedded.mail.devLogCodes).toBe(true)
    const email = newEmail('dev')
    const seen = (await mailsTo(email)).length
    await walletCall(server, 'email/start', {
      email,
      deviceId: newDeviceId(),
      projectId: 'latch-dev',
    })
    const code = codeOf(await nextMail(email, seen))
    const line = lines.find((text) => text.includes(`dev mail: code ${code} for ${email}`))
    expect(line).toBeDefined()
    expect(JSON.parse(line as string).level).toBe(30)
  })
})
