import { DEFAULT_FEATURES, featureId, type ProjectFeature } from '@latch/protocol'
import { describe, expect, it } from 'vitest'
import { commonFeatures } from './commonFeatures.ts'

/** Latch's feature list with some features changed, as the config route resolves it. */
const features = (changes: Partial<Record<string, Partial<ProjectFeature>>> = {}) =>
  featureId.options.map((id) => ({ id, ...DEFAULT_FEATURES[id], ...changes[id] }) as ProjectFeature)
const byId = (list: ReturnType<typeof commonFeatures>) =>
  Object.fromEntries(list.map((feature) => [feature.id, feature]))

describe('commonFeatures', () => {
  it('puts email first in the social list and leaves out the names other clients do not know', () => {
    const common = byId(commonFeatures(features(), ['coinbase', 'meld', 'sandbox']))
    expect(common.social_login).toEqual({
      id: 'social_login',
      isEnabled: true,
      config: ['email', 'google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
    })
    expect(common.onramp).toEqual({ id: 'onramp', isEnabled: true, config: ['coinbase', 'meld'] })
    expect(common.swap).toEqual({ id: 'swap', isEnabled: true, config: ['1inch'] })
  })

  it('keeps the social feature on for email alone, and off when neither is left', () => {
    const emailOnly = byId(commonFeatures(features({ social_login: { isEnabled: false } }), []))
    expect(emailOnly.social_login).toEqual({
      id: 'social_login',
      isEnabled: true,
      config: ['email'],
    })
    const none = byId(
      commonFeatures(
        features({ email: { isEnabled: false }, social_login: { config: ['dev'] } }),
        [],
      ),
    )
    expect(none.social_login).toEqual({ id: 'social_login', isEnabled: false, config: [] })
  })

  it('turns the on-ramp off when no provider it names is known, and carries on/off features with []', () => {
    const common = byId(
      commonFeatures(features({ latch_branding: { isEnabled: true } }), ['sandbox']),
    )
    expect(common.onramp).toEqual({ id: 'onramp', isEnabled: false, config: [] })
    expect(common.reown_branding).toEqual({ id: 'reown_branding', isEnabled: true, config: [] })
    expect(common.activity).toEqual({ id: 'activity', isEnabled: true, config: [] })
    for (const latchOnly of ['email', 'send', 'receive', 'latch_branding'])
      expect(Object.keys(common)).not.toContain(latchOnly)
  })
})
