import { describe, expect, it } from 'vitest'
import { deferred, lazyCode } from './lazyCode.ts'

describe('lazyCode', () => {
  it('imports once, and has the code synchronously once loaded', async () => {
    let imports = 0
    const code = lazyCode(async () => {
      imports++
      return { answer: 42 }
    })
    expect(code.current()).toBeUndefined()
    const [first, second] = await Promise.all([code.load(), code.load()])
    expect(first).toBe(second)
    expect(imports).toBe(1)
    expect(code.current()).toEqual({ answer: 42 })
  })

  it('tries again after a failed load', async () => {
    let attempts = 0
    const code = lazyCode(async () => {
      attempts++
      if (attempts === 1) throw new Error('offline')
      return 'loaded'
    })
    await expect(code.load()).rejects.toThrow('offline')
    expect(code.current()).toBeUndefined()
    await expect(code.load()).resolves.toBe('loaded')
    expect(attempts).toBe(2)
  })
})

describe('deferred', () => {
  it('queues calls made before the code loaded, in order, then calls at once', async () => {
    const calls: string[] = []
    const code = lazyCode(async () => ({
      say: (word: string) => {
        calls.push(word)
        return word.length
      },
    }))
    const say = deferred(code, (loaded, word: string) => loaded.say(word))
    const first = say('one')
    const second = say('three')
    expect(calls).toEqual([])
    expect(await first).toBe(3)
    expect(await second).toBe(5)
    expect(calls).toEqual(['one', 'three'])
    // Loaded: the call runs synchronously (inside a click, for a popup).
    expect(say('now')).toBe(3)
    expect(calls).toEqual(['one', 'three', 'now'])
  })
})
