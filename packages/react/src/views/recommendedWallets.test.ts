import { createLatch, defineEvmNetwork } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { recommendedWallets, recommendedWalletsNow } from './recommendedWallets.ts'

const networks = [
  defineEvmNetwork({ id: 31337, name: 'Latch Devnet', rpcUrl: 'http://127.0.0.1:8545' }),
]
const wallet = {
  id: 'a'.repeat(64),
  name: 'Test Wallet',
  image_id: 'test-wallet',
  homepage: 'https://wallet.example',
  rdns: null,
  chrome_store: null,
  app_store: null,
  play_store: null,
  mobile_link: null,
  universal_link: null,
  desktop_link: null,
  webapp_link: null,
  supports_wc: true,
  chains: ['eip155:1'],
  injected: [],
  categories: [],
  description: null,
  badge_type: 'none',
  order: 1,
}

/** An instance whose server answers GET /getWallets as `answer` says; the calls are counted. */
function latchWith(answer: () => Response) {
  let asked = 0
  const latch = createLatch({
    projectId: 'latch-dev',
    serverUrl: 'http://127.0.0.1:9',
    networks,
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.pathname !== '/getWallets') return new Response('{}', { status: 404 })
      asked++
      return answer()
    },
  })
  return { latch, asked: () => asked }
}

const page = () =>
  new Response(JSON.stringify({ count: 412, data: [wallet] }), {
    headers: { 'content-type': 'application/json' },
  })

describe('recommended wallets', () => {
  it('are asked once per instance however many views want them', async () => {
    const { latch, asked } = latchWith(page)
    expect(recommendedWalletsNow(latch)).toBeUndefined()
    // Connect, then its help view, then Connect again.
    const answers = await Promise.all([recommendedWallets(latch), recommendedWallets(latch)])
    await recommendedWallets(latch)
    expect(asked()).toBe(1)
    expect(answers[0]).toMatchObject({ total: 412, wallets: [{ name: 'Test Wallet' }] })
    expect(recommendedWalletsNow(latch)).toBe(answers[0])
    // Another instance shares nothing.
    const other = latchWith(page)
    await recommendedWallets(other.latch)
    expect(other.asked()).toBe(1)
  })

  it('are asked again after a failure', async () => {
    let down = true
    const { latch, asked } = latchWith(() =>
      down ? new Response('{"message":"unavailable"}', { status: 503 }) : page(),
    )
    await expect(recommendedWallets(latch)).rejects.toThrow()
    expect(recommendedWalletsNow(latch)).toBeUndefined()
    down = false
    await expect(recommendedWallets(latch)).resolves.toMatchObject({ total: 412 })
    expect(asked()).toBe(2)
  })
})
