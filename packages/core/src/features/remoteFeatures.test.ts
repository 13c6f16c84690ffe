import { describe, expect, it } from 'vitest'
import { DEFAULT_FEATURES } from '../constants.ts'
import { applyRemoteFeatures, remoteOnrampProviders } from './remoteFeatures.ts'

describe('applyRemoteFeatures', () => {
  it("turns off what the project turned off and keeps the site's own choices", () => {
    const features = applyRemoteFeatures({ ...DEFAULT_FEATURES, send: false }, [
      { id: 'swap', isEnabled: false, config: [] },
      { id: 'send', isEnabled: true, config: null },
      { id: 'social_login', isEnabled: true, config: ['google', 'github'] },
    ])
    expect(features).toMatchObject({
      swaps: false,
      send: false,
      onramp: true,
      socials: ['google', 'github'],
    })
  })

  it('empties the social list when social login is off on the server', () => {
    expect(
      applyRemoteFeatures(DEFAULT_FEATURES, [{ id: 'social_login', isEnabled: false, config: [] }])
        .socials,
    ).toEqual([])
  })

  it("gives the onramp feature's providers, for the on-ramp to filter", () => {
    expect(
      remoteOnrampProviders([
        { id: 'swap', isEnabled: true, config: ['uniswap_v2'] },
        { id: 'onramp', isEnabled: true, config: ['meld', 'sandbox'] },
      ]),
    ).toEqual(['meld', 'sandbox'])
    expect(remoteOnrampProviders([])).toBeUndefined()
  })
})
