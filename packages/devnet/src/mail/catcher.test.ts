import nodemailer from 'nodemailer'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type MailCatcher, startMailCatcher } from './catcher.ts'
import type { CaughtMail } from './store.ts'

let catcher: MailCatcher
let logged: string[]

beforeAll(async () => {
  logged = []
  catcher = await startMailCatcher({ log: (line) => logged.push(line) })
})
afterAll(() => catcher.stop())
beforeEach(async () => {
  const cleared = await fetch(`${catcher.inboxUrl}/messages`, { method: 'DELETE' })
  expect(cleared.status).toBe(204)
})

async function inbox(to?: string): Promise<CaughtMail[]> {
  const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`
  const response = await fetch(`${catcher.inboxUrl}/messages${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as CaughtMail[]
}

function transport() {
  return nodemailer.createTransport(catcher.smtpUrl)
}

describe('mail catcher', () => {
  it('listens on loopback with free ports', () => {
    expect(catcher.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/)
    expect(catcher.inboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('keeps a message with a non-ASCII subject, a long line and html + text alternatives', async () => {
    const longLine = `Your code is 123456. ${'Ünïcödé and a very long line, '.repeat(20)}end.`
    await transport().sendMail({
      from: '"Latch Wallet" <no-reply@latch.test>',
      to: 'Alice@Example.test',
      subject: 'Votre code de connexion: 123456 — ça marche ✓',
      text: `Hello,\n${longLine}\nBye`,
      html: `<p>Hello, <b>${longLine}</b></p>`,
    })

    const [mail, ...others] = await inbox('alice@example.test')
    expect(others).toEqual([])
    expect(mail?.subject).toBe('Votre code de connexion: 123456 — ça marche ✓')
    expect(mail?.from).toBe('Latch Wallet <no-reply@latch.test>')
    // nodemailer lower-cases the domain; the local part keeps its case.
    expect(mail?.to).toEqual(['Alice@example.test'])
    expect(mail?.text).toBe(`Hello,\n${longLine}\nBye`)
    expect(mail?.html).toBe(`<p>Hello, <b>${longLine}</b></p>`)
    expect(Date.parse(mail?.receivedAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
    expect(catcher.messages()).toEqual([mail])
    expect(logged.at(-1)).toContain('Alice@example.test')
  })

  it('reads a base64 body and an html-only message', async () => {
    await transport().sendMail({
      from: 'a@latch.test',
      to: 'bob@example.test',
      subject: 'plain',
      text: '日本語のテキスト\n'.repeat(5),
      textEncoding: 'base64',
    })
    await transport().sendMail({
      from: 'a@latch.test',
      to: 'bob@example.test',
      subject: 'html only',
      html: '<h1>Ciao</h1>',
    })
    const [first, second] = await inbox('BOB@example.test')
    expect(first?.text).toBe('日本語のテキスト\n'.repeat(5))
    expect(first?.html).toBeUndefined()
    expect(second).toMatchObject({ subject: 'html only', text: '', html: '<h1>Ciao</h1>' })
  })

  it('lists by recipient, newest last, Bcc and Cc included', async () => {
    for (const n of [1, 2, 3]) {
      await transport().sendMail({
        from: 'a@latch.test',
        to: 'carol@example.test',
        bcc: n === 2 ? 'dave@example.test' : undefined,
        subject: `number ${n}`,
        text: String(n),
      })
    }
    expect((await inbox('carol@example.test')).map((mail) => mail.subject)).toEqual([
      'number 1',
      'number 2',
      'number 3',
    ])
    expect((await inbox('dave@example.test')).map((mail) => mail.subject)).toEqual(['number 2'])
    expect(await inbox('nobody@example.test')).toEqual([])
    expect(await inbox()).toHaveLength(3)
  })

  it('answers 404 and 405 on what it does not serve', async () => {
    expect((await fetch(`${catcher.inboxUrl}/nothing`)).status).toBe(404)
    expect((await fetch(`${catcher.inboxUrl}/messages`, { method: 'POST' })).status).toBe(405)
  })

  it('stops, and a second stop is harmless', async () => {
    const other = await startMailCatcher()
    await other.stop()
    await other.stop()
    await expect(fetch(`${other.inboxUrl}/messages`)).rejects.toThrow()
    await expect(nodemailer.createTransport(other.smtpUrl).verify()).rejects.toThrow()
  })

  it('names the port when it is taken', async () => {
    const port = Number(new URL(catcher.inboxUrl).port)
    await expect(startMailCatcher({ inboxPort: port })).rejects.toThrow(`port ${port} is in use`)
  })
})
