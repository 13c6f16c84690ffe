import { describe, expect, it } from 'vitest'
import { LatchError } from '../errors.ts'
import type { CaipNetwork } from '../siteTypes.ts'
import { resolveOptions } from './resolveOptions.ts'

const devnet: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const devnet2: CaipNetwork = { ...devnet, id: 31338, caipNetworkId: 'eip155:31338' }

describe('resolveOptions', () => {
  it('applies the defaults (features, socials, connect order, dark theme)', () => {
    const options = resolveOptions({ projectId: 'latch-dev', networks: [devnet] })
    expect(options).toMatchObject({
      projectId: 'latch-dev',
      projectIdMissing: false,
      defaultNetwork: devnet,
      families: ['eip155'],
      features: {
        receive: true,
        send: true,
        swaps: true,
        onramp: true,
        activity: true,
        email: true,
        socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
      },
      connectMethodsOrder: ['email', 'social', 'wallet'],
      themeMode: 'dark',
      enableEIP6963: true,
      enableInjected: true,
      allowUnsupportedChain: false,
      debug: false,
      featuredWalletIds: [],
      includeWalletIds: [],
      excludeWalletIds: [],
    })
  })

  it('merges given features over the defaults, and socials: false turns social login off', () => {
    const options = resolveOptions({
      projectId: 'p',
      networks: [devnet],
      features: { swaps: false, send: undefined, socials: false },
    })
    expect(options.features).toMatchObject({ swaps: false, send: true, socials: [] })
    const github = resolveOptions({
      projectId: 'p',
      networks: [devnet],
      features: { socials: ['github', 'github'] },
    })
    expect(github.features.socials).toEqual(['github'])
  })

  it('keeps the given options', () => {
    const options = resolveOptions({
      projectId: 'p',
      networks: [devnet, devnet2],
      defaultNetwork: devnet2,
      connectMethodsOrder: ['wallet', 'email'],
      themeMode: 'light',
      themeVariables: { '--latch-accent': '#47a1ff' },
      metadata: { name: 'Demo', url: 'https://demo.test' },
      enableEIP6963: false,
      excludeWalletIds: ['a'],
      allowUnsupportedChain: true,
    })
    expect(options).toMatchObject({
      defaultNetwork: devnet2,
      connectMethodsOrder: ['wallet', 'email'],
      themeMode: 'light',
      themeVariables: { '--latch-accent': '#47a1ff' },
      metadata: { name: 'Demo', description: '', url: 'https://demo.test', icons: [] },
      enableEIP6963: false,
      enableInjected: true,
      excludeWalletIds: ['a'],
      allowUnsupportedChain: true,
    })
  })

  it('flags a missing projectId instead of throwing (the caller raises the alert)', () => {
    expect(resolveOptions({ networks: [devnet] })).toMatchObject({
      projectId: '',
      projectIdMissing: true,
    })
    expect(resolveOptions({ projectId: '  ', networks: [devnet] }).projectIdMissing).toBe(true)
  })

  it('throws when both siweConfig and siwx are set', () => {
    const both = () =>
      resolveOptions({ projectId: 'p', networks: [devnet], siweConfig: {}, siwx: {} })
    expect(both).toThrow(LatchError)
    expect(both).toThrow('Cannot set both siweConfig and siwx')
    expect(() => resolveOptions({ projectId: 'p', networks: [devnet], siwx: {} })).not.toThrow()
  })

  it('throws on no networks or a default network outside the list', () => {
    expect(() => resolveOptions({ projectId: 'p', networks: [] })).toThrow('Network not found')
    expect(() =>
      resolveOptions({ projectId: 'p', networks: [devnet], defaultNetwork: devnet2 }),
    ).toThrow(/eip155:31338 is not in the networks option/)
  })
})

describe('resolveOptions: walletFrameUrl', () => {
  it('keeps the origin of the frame URL; email and social login are off without it', () => {
    expect(resolveOptions({ networks: [devnet] }).walletFrameUrl).toBeUndefined()
    const options = resolveOptions({
      networks: [devnet],
      walletFrameUrl: ' http://127.0.0.1:8788/frame?x=1 ',
    })
    expect(options.walletFrameUrl).toBe('http://127.0.0.1:8788')
  })

  it('leaves out, without throwing, a frame URL that is not http(s), and says why', () => {
    for (const [given, reason] of [
      ['not a url', 'is not a URL'],
      ['javascript:alert(1)', 'is not an http(s) URL'],
    ]) {
      const options = resolveOptions({ networks: [devnet], walletFrameUrl: given })
      expect(options.walletFrameUrl).toBeUndefined()
      expect(options.walletFrameUrlRefused).toEqual({ given, reason })
    }
  })
})
