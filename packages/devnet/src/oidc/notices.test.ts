import { afterEach, describe, expect, it, vi } from 'vitest'
import { divertProviderNotices } from './notices.ts'

afterEach(() => vi.restoreAllMocks())

describe('divertProviderNotices', () => {
  it("sends oidc-provider's notices to log, coloured or not, and prints the rest", () => {
    const printed = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const logged: string[] = []
    const result = divertProviderNotices(
      (line) => logged.push(line),
      () => {
        console.warn('\x1b[31;1moidc-provider WARNING: dev keys\x1b[0m')
        console.info('oidc-provider NOTICE: experimental')
        console.warn('something else')
        return 42
      },
    )
    expect(result).toBe(42)
    expect(logged).toEqual([
      'oidc-provider WARNING: dev keys',
      'oidc-provider NOTICE: experimental',
    ])
    expect(printed).toHaveBeenCalledTimes(1)
    expect(printed).toHaveBeenCalledWith('something else')
  })

  it('restores the console when the work settles, even on failure', async () => {
    const { warn, info } = console
    expect(() =>
      divertProviderNotices(undefined, () => {
        throw new Error('boom')
      }),
    ).toThrow('boom')
    await expect(
      divertProviderNotices(undefined, () => Promise.reject(new Error('late'))),
    ).rejects.toThrow('late')
    expect(console.warn).toBe(warn)
    expect(console.info).toBe(info)
  })
})
