import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_START_IP_LIMIT, OTP_VERIFY_IP_LIMIT } from '../src/embedded/constants.ts'
import {
  codeOf,
  loginByEmail,
  mailsTo,
  newDeviceId,
  newEmail,
  nextMail,
  requestCode,
  walletCall,
} from './embeddedFixtures.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'

describe.each(DIALECTS)('email login on %s', (dialect) => {
  let server: TestServer
  // The clock every rule reads: tests move it instead of sleeping.
  let clock = Date.now()
  beforeAll(async () => {
    server = await startTestServer(dialect, {}, undefined, {
      now: () => new Date(clock),
      longPollMs: 300,
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  const start = (email: string, deviceId: string, ip?: string) =>
    walletCall(server, 'email/start', { email, deviceId, projectId: 'latch-dev' }, ip ? { ip } : {})
  const verify = (email: string, otp: string, deviceId: string, ip?: string) =>
    walletCall(server, 'email/verify', { email, otp, deviceId }, ip ? { ip } : {})

  it('logs a new user in with the mailed code, and the session knows the user', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const code = await requestCode(server, email, deviceId)
    expect(code).toMatch(/^\d{6}$/)
    const [mail] = await mailsTo(email)
    expect(mail?.subject).toBe(`Your Latch code: ${code}`)

    const response = await verify(email, code, deviceId)
    expect(response.statusCode).toBe(200)
    const session = response.json()
    expect(session.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(session.expiresAt) - clock).toBe(168 * 60 * 60_000)
    expect(session.user).toEqual({
      email,
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      chainId: 31337,
      accounts: [
        // The smart account the key owns on the devnet (it has a bundler), then the key's EOA.
        {
          namespace: 'eip155',
          address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
          type: 'smartAccount',
        },
        { namespace: 'eip155', address: session.user.address, type: 'eoa' },
        {
          namespace: 'solana',
          address: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
          type: 'eoa',
        },
      ],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })

    const user = await walletCall(
      server,
      'session/user',
      { chainId: 31338 },
      {
        token: session.sessionToken,
      },
    )
    expect(user.statusCode).toBe(200)
    expect(user.json()).toMatchObject({ email, address: session.user.address, chainId: 31338 })
    // A code works once.
    expect((await verify(email, code, deviceId)).json().message).toBe(
      'The code was already used: request a new code',
    )
  })

  it('gives the same wallet at the next login on the same device, straight to the code', async () => {
    const first = await loginByEmail(server)
    clock += 31_000
    const again = await loginByEmail(server, first.email, first.deviceId)
    expect(again.user.address).toBe(first.user.address)
    expect(again.sessionToken).not.toBe(first.sessionToken)
  })

  it('refuses a second start within 30 s with the seconds left', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await requestCode(server, email, deviceId)
    clock += 12_500
    const second = await start(email, deviceId)
    expect(second.statusCode).toBe(429)
    expect(second.json().message).toBe('Please try again after 18 seconds')
    clock += 17_600
    const third = await start(email, deviceId)
    expect(third.json()).toEqual({ action: 'VERIFY_OTP' })
  })

  it('burns the code at the fifth wrong try: then even the right code fails', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const code = await requestCode(server, email, deviceId)
    const wrong = code === '000000' ? '111111' : '000000'
    const messages: string[] = []
    for (let attempt = 0; attempt < 5; attempt++)
      messages.push((await verify(email, wrong, deviceId)).json().message)
    expect(messages).toEqual([
      'Invalid code: 4 tries left',
      'Invalid code: 3 tries left',
      'Invalid code: 2 tries left',
      'Invalid code: 1 try left',
      'Too many wrong codes: request a new code',
    ])
    const right = await verify(email, code, deviceId)
    expect(right.statusCode).toBe(400)
    expect(right.json().message).toBe('Too many wrong codes: request a new code')
    // A new code works.
    clock += 30_000
    const fresh = await requestCode(server, email, deviceId)
    expect((await verify(email, fresh, deviceId)).statusCode).toBe(200)
  })

  it('lets a code expire after 10 minutes', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const code = await requestCode(server, email, deviceId)
    clock += 10 * 60_000
    const late = await verify(email, code, deviceId)
    expect(late.statusCode).toBe(400)
    expect(late.json().message).toBe('The code has expired: request a new code')
  })

  it('takes a code only on the device that asked for it', async () => {
    const email = newEmail()
    const code = await requestCode(server, email, newDeviceId())
    const elsewhere = await verify(email, code, newDeviceId())
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json().message).toBe('No email login in progress on this device: start again')
  })

  it('stops a brute force: five starts per email per 10 minutes', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    for (let round = 0; round < 5; round++) {
      expect((await start(email, deviceId)).statusCode).toBe(200)
      clock += 31_000
    }
    const sixth = await start(email, deviceId)
    expect(sixth.statusCode).toBe(429)
    // The first start leaves the 10-minute window 600 - 5 * 31 s after it.
    expect(sixth.json().message).toBe('Please try again after 445 seconds')
    clock += 445_000
    expect((await start(email, deviceId)).statusCode).toBe(200)
  })

  it('stops a brute force: starts and code checks per IP', async () => {
    const ip = '203.0.113.7'
    for (let index = 0; index < EMAIL_START_IP_LIMIT.max; index++)
      expect((await start(newEmail('ip'), newDeviceId(), ip)).statusCode).toBe(200)
    const over = await start(newEmail('ip'), newDeviceId(), ip)
    expect(over.statusCode).toBe(429)
    expect(over.json().message).toMatch(/^Too many requests/)

    const email = newEmail()
    const deviceId = newDeviceId()
    const code = await requestCode(server, email, deviceId)
    const guesser = '203.0.113.8'
    for (let index = 0; index < OTP_VERIFY_IP_LIMIT.max; index++)
      expect((await verify(email, '999999', deviceId, guesser)).statusCode).toBe(400)
    // Past the limit even the right code is not looked at from this IP.
    const limited = await verify(email, code, deviceId, guesser)
    expect(limited.statusCode).toBe(429)
  })

  it('makes a known user approve a new device from the mail, then mails the code', async () => {
    const first = await loginByEmail(server)
    const email = first.email
    const newDevice = newDeviceId()
    clock += 31_000
    const seen = (await mailsTo(email)).length
    const started = await start(email, newDevice)
    expect(started.json()).toEqual({ action: 'VERIFY_DEVICE' })
    const approvalMail = await nextMail(email, seen)
    expect(approvalMail.subject).toBe('Approve your new device for Latch')
    const link = /(http:\/\/\S+\/wallet\/v1\/device\/approve\?token=[A-Za-z0-9_-]+)/.exec(
      approvalMail.text,
    )?.[1]
    expect(link?.startsWith(`${server.frameUrl}/wallet/v1/device/approve?token=`)).toBe(true)

    // Not approved yet: the long poll runs out; a code is refused meanwhile.
    expect(
      (await walletCall(server, 'email/device', { email, deviceId: newDevice })).json(),
    ).toEqual({
      approved: false,
    })
    expect((await verify(email, '123456', newDevice)).json().message).toBe(
      'Approve this device from the email first',
    )

    const url = new URL(link as string)
    const page = await server.frame.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('Device approved. You can close this tab and go back to the site.')
    expect(page.body).not.toContain('<script')
    expect(page.headers['content-security-policy']).toContain("script-src 'none'")

    expect(
      (await walletCall(server, 'email/device', { email, deviceId: newDevice })).json(),
    ).toEqual({
      approved: true,
    })
    const code = codeOf(await nextMail(email, seen + 1))
    const session = await verify(email, code, newDevice)
    expect(session.statusCode).toBe(200)
    expect(session.json().user.address).toBe(first.user.address)

    // The device is known now: the next login there skips the approval.
    clock += 31_000
    expect((await start(email, newDevice)).json()).toEqual({ action: 'VERIFY_OTP' })
  })

  it('answers a bad or expired approval link with a page saying so', async () => {
    const bad = await server.frame.inject({
      method: 'GET',
      url: '/wallet/v1/device/approve?token=not-a-token-we-issued',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('This approval link is not valid')
    const malformed = await server.frame.inject({ method: 'GET', url: '/wallet/v1/device/approve' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.headers['content-type']).toContain('text/html')

    const first = await loginByEmail(server)
    clock += 31_000
    const seen = (await mailsTo(first.email)).length
    await start(first.email, newDeviceId())
    const link = new URL(
      /(http:\/\/\S+)/.exec((await nextMail(first.email, seen)).text)?.[1] as string,
    )
    clock += 15 * 60_000
    const expired = await server.frame.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
    })
    expect(expired.statusCode).toBe(400)
    expect(expired.body).toContain('This approval link has expired')
  })

  it('refuses an invalid email and a malformed code with 400', async () => {
    const bad = await start('not-an-email', newDeviceId())
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('Invalid email address')
    const short = await verify(newEmail(), '123', newDeviceId())
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toContain('The code has 6 digits')
    const project = await walletCall(server, 'email/start', {
      email: newEmail(),
      deviceId: newDeviceId(),
      projectId: 'nobody',
    })
    // An unknown project is a 401 here as on every other route.
    expect(project.statusCode).toBe(401)
    expect(project.json().message).toBe('Invalid Project ID: no project "nobody" is registered')
  })

  it('changes the email with a code to the current address, then one to the new', async () => {
    const login = await loginByEmail(server)
    const token = login.sessionToken
    const newAddress = newEmail('moved')
    const [seenOld, seenNew] = [(await mailsTo(login.email)).length, 0]
    const started = await walletCall(server, 'email/update', { email: newAddress }, { token })
    expect(started.json()).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = codeOf(await nextMail(login.email, seenOld))
    const secondary = codeOf(await nextMail(newAddress, seenNew))

    // Out of order: the new address's code waits for the current one's.
    expect(
      (await walletCall(server, 'email/update/secondary', { otp: secondary }, { token })).json()
        .message,
    ).toBe('Enter the code sent to your current email first')
    const wrong = primary === '000000' ? '111111' : '000000'
    expect(
      (await walletCall(server, 'email/update/primary', { otp: wrong }, { token })).json().message,
    ).toBe('Invalid code: 4 tries left')
    expect(
      (await walletCall(server, 'email/update/primary', { otp: primary }, { token })).json(),
    ).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(
      (await walletCall(server, 'email/update/secondary', { otp: secondary }, { token })).json(),
    ).toEqual({ email: newAddress })

    const user = await walletCall(server, 'session/user', {}, { token })
    expect(user.json()).toMatchObject({ email: newAddress, address: login.user.address })
    // The new address logs in to the same wallet on this device; the old one is a new user.
    clock += 31_000
    const again = await loginByEmail(server, newAddress, login.deviceId)
    expect(again.user.address).toBe(login.user.address)
    const old = await loginByEmail(server, login.email, login.deviceId)
    expect(old.user.address).not.toBe(login.user.address)
  })

  it("refuses to move to another user's email", async () => {
    const [one, two] = [await loginByEmail(server), await loginByEmail(server)]
    const taken = await walletCall(
      server,
      'email/update',
      { email: two.email },
      {
        token: one.sessionToken,
      },
    )
    expect(taken.statusCode).toBe(400)
    expect(taken.json().message).toBe('This email is already used by another account')
  })
})
