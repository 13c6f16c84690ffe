import type { NameSuggestions } from '@latch/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpStatusError } from '../api/client.ts'
import { createNameSuggestions, readSuggestions } from './createNameSuggestions.ts'

/** A suggestions endpoint whose answers the test releases by hand, in any order. */
function manualServer() {
  const calls: {
    label: string
    zone: string | undefined
    resolve(value: NameSuggestions): void
    reject(error: Error): void
  }[] = []
  const profileSuggestions = vi.fn(
    (label: string, query: { zone?: string } = {}) =>
      new Promise<NameSuggestions>((resolve, reject) => {
        calls.push({ label, zone: query.zone, resolve, reject })
      }),
  )
  return { api: { profileSuggestions }, calls }
}

const answer = (asked: string, registered: boolean, free: string[] = []): NameSuggestions => ({
  suggestions: [
    { name: `${asked}.latch.id`, registered },
    ...free.map((label) => ({ name: `${label}.latch.id`, registered: false })),
  ],
})

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createNameSuggestions', () => {
  it('checks the label as typed and asks nothing for an invalid one', () => {
    const { api } = manualServer()
    const suggestions = createNameSuggestions({ api, zone: 'latch.id' })
    suggestions.setInput('ab')
    expect(suggestions.state.get()).toMatchObject({
      status: 'idle',
      issue: { english: 'A name needs at least 4 characters' },
    })
    suggestions.setInput('ab_c')
    expect(suggestions.state.get().issue).toBe('Use letters, digits and hyphens only')
    suggestions.setInput('')
    expect(suggestions.state.get().issue).toBeUndefined()
    vi.advanceTimersByTime(1000)
    expect(api.profileSuggestions).not.toHaveBeenCalled()
  })

  it('asks once typing pauses for 300 ms, with the last label and the zone', async () => {
    const { api, calls } = manualServer()
    const suggestions = createNameSuggestions({ api, zone: 'latch.id' })
    suggestions.setInput('alic')
    vi.advanceTimersByTime(200)
    suggestions.setInput('Alice')
    expect(suggestions.state.get()).toMatchObject({ status: 'loading', label: 'alice' })
    vi.advanceTimersByTime(299)
    expect(api.profileSuggestions).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(calls.map((call) => [call.label, call.zone])).toEqual([['alice', 'latch.id']])
    calls[0]?.resolve(answer('alice', true, ['alice1', 'alice-2']))
    await vi.runAllTimersAsync()
    expect(suggestions.state.get()).toMatchObject({
      status: 'success',
      asked: { name: 'alice.latch.id', label: 'alice', available: false },
      variants: [
        { name: 'alice1.latch.id', label: 'alice1', available: true },
        { name: 'alice-2.latch.id', label: 'alice-2', available: true },
      ],
    })
  })

  it('drops a slow answer to an older label that arrives after the newer one', async () => {
    const { api, calls } = manualServer()
    const suggestions = createNameSuggestions({ api, zone: 'latch.id' })
    suggestions.setInput('alice')
    vi.advanceTimersByTime(300)
    suggestions.setInput('alicia')
    vi.advanceTimersByTime(300)
    calls[1]?.resolve(answer('alicia', false))
    await vi.runAllTimersAsync()
    calls[0]?.resolve(answer('alice', true, ['alice7']))
    await vi.runAllTimersAsync()
    expect(suggestions.state.get()).toMatchObject({
      label: 'alicia',
      status: 'success',
      asked: { name: 'alicia.latch.id', available: true },
      variants: [],
    })
  })

  it("says 'Error fetching name suggestions' when the latest call fails, not a stale one", async () => {
    const { api, calls } = manualServer()
    const suggestions = createNameSuggestions({ api, zone: 'latch.id' })
    suggestions.setInput('alice')
    vi.advanceTimersByTime(300)
    suggestions.setInput('alicia')
    calls[0]?.reject(new HttpStatusError(500, 'boom'))
    await vi.runAllTimersAsync()
    expect(suggestions.state.get().error).toBeUndefined()
    calls[1]?.reject(new HttpStatusError(503, 'down'))
    await vi.runAllTimersAsync()
    expect(suggestions.state.get()).toMatchObject({
      status: 'error',
      error: 'Error fetching name suggestions',
      variants: [],
    })
    // Typing again clears the error while the next answer comes.
    suggestions.setInput('alicias')
    expect(suggestions.state.get()).toMatchObject({ status: 'loading', error: undefined })
  })

  it('drops what is in flight when the label becomes invalid', async () => {
    const { api, calls } = manualServer()
    const suggestions = createNameSuggestions({ api, zone: 'latch.id' })
    suggestions.setInput('alice')
    vi.advanceTimersByTime(300)
    suggestions.setInput('ali')
    calls[0]?.resolve(answer('alice', false))
    await vi.runAllTimersAsync()
    expect(suggestions.state.get()).toMatchObject({ status: 'idle', asked: undefined })
  })
})

describe('readSuggestions', () => {
  it('finds the asked name anywhere, keeps free variants of the zone once, accepts bare labels', () => {
    expect(
      readSuggestions(
        {
          suggestions: [
            { name: 'bob1', registered: false },
            { name: 'bob.latch.id', registered: false },
            { name: 'bob2.latch.id', registered: true },
            { name: 'bob1.latch.id', registered: false },
            { name: 'bob3.other.id', registered: false },
          ],
        },
        'bob',
        'latch.id',
      ),
    ).toEqual({
      asked: { name: 'bob.latch.id', label: 'bob', available: true },
      variants: [{ name: 'bob1.latch.id', label: 'bob1', available: true }],
    })
  })
})
