import { describe, expect, it } from 'vitest'
import { Mailbox, type PutMessage } from './mailbox.ts'

const limits = { maxMessagesPerTopic: 3, maxMessages: 5, maxTtlSeconds: 60 }

function setup() {
  let now = 1_000_000
  const mailbox = new Mailbox(limits, () => now)
  const put = (overrides: Partial<PutMessage> = {}) =>
    mailbox.put({
      topic: 't',
      message: 'm',
      ttlSeconds: 30,
      tag: 0,
      publisher: 'alice',
      ...overrides,
    })
  return { mailbox, put, advance: (ms: number) => (now += ms) }
}

const texts = (messages: { message: string }[]) => messages.map((m) => m.message)

describe('Mailbox', () => {
  it('hands each message once to each client but its publisher', () => {
    const { mailbox, put } = setup()
    put({ message: 'one' })
    put({ message: 'two', publisher: 'bob' })
    expect(texts(mailbox.claim('t', 'bob'))).toEqual(['one'])
    expect(texts(mailbox.claim('t', 'bob'))).toEqual([])
    expect(texts(mailbox.claim('t', 'carol'))).toEqual(['one', 'two'])
    expect(mailbox.claim('other', 'carol')).toEqual([])
  })

  it('hands a released message out again', () => {
    const { mailbox, put } = setup()
    const stored = put()
    expect(mailbox.claim('t', 'bob')).toEqual([stored])
    mailbox.release(stored, 'bob')
    expect(mailbox.claim('t', 'bob')).toEqual([stored])
  })

  it('stores the same text on the same topic once', () => {
    const { mailbox, put } = setup()
    expect(put()).toBe(put())
    expect(put({ topic: 'u' })).not.toBe(put())
    expect(mailbox.size).toBe(2)
  })

  it('forgets a message when its ttl (capped at maxTtlSeconds) runs out', () => {
    const { mailbox, put, advance } = setup()
    put({ message: 'short', ttlSeconds: 10 })
    put({ message: 'forever', ttlSeconds: 10_000 })
    advance(10_000)
    expect(texts(mailbox.claim('t', 'bob'))).toEqual(['forever'])
    expect(mailbox.prune()).toBe(1)
    advance(50_000)
    expect(mailbox.claim('t', 'carol')).toEqual([])
    expect(mailbox.prune()).toBe(1)
    expect(mailbox.size).toBe(0)
  })

  it('drops the oldest messages past the per-topic and total limits', () => {
    const { mailbox, put } = setup()
    for (const message of ['1', '2', '3', '4']) put({ message })
    expect(texts(mailbox.claim('t', 'bob'))).toEqual(['2', '3', '4'])
    for (const message of ['a', 'b', 'c']) put({ topic: 'u', message })
    expect(mailbox.size).toBe(5)
    expect(texts(mailbox.claim('t', 'carol'))).toEqual(['3', '4'])
  })
})
