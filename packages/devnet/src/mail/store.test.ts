import { describe, expect, it } from 'vitest'
import { type CaughtMail, MailStore } from './store.ts'

function mail(n: number, to = 'a@example.test'): CaughtMail {
  return { id: String(n), from: '', to: [to], subject: `#${n}`, text: '', receivedAt: '' }
}

describe('MailStore', () => {
  it('keeps the newest messages up to its limit, dropping the oldest', () => {
    const store = new MailStore(3)
    for (const n of [1, 2, 3, 4, 5]) store.add(mail(n))
    expect(store.list().map((m) => m.subject)).toEqual(['#3', '#4', '#5'])
  })

  it('keeps 1000 by default', () => {
    const store = new MailStore()
    for (let n = 0; n < 1001; n++) store.add(mail(n))
    const all = store.list()
    expect(all).toHaveLength(1000)
    expect(all[0]?.subject).toBe('#1')
  })

  it('matches the recipient case-insensitively and clears', () => {
    const store = new MailStore()
    store.add(mail(1, 'Bob@Example.test'))
    store.add(mail(2, 'carol@example.test'))
    expect(store.list(' BOB@example.TEST ').map((m) => m.id)).toEqual(['1'])
    store.clear()
    expect(store.list()).toEqual([])
  })
})
