import { describe, expect, it } from 'vitest'
import { defineEvmNetwork } from '../network/index.ts'
import { resolveOptions } from '../options/index.ts'
import { createSiteFeatures } from './siteFeatures.ts'

const devnet = defineEvmNetwork({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:8545' })
const options = (projectId: string) =>
  resolveOptions({ projectId, networks: [devnet], restrictedTimezones: ['Asia/Shanghai'] })

describe('createSiteFeatures', () => {
  it('offers email and social login only with the embedded wallet and a project id', () => {
    const offered = createSiteFeatures({ options: options('latch-dev'), hasEmbedded: true })
    expect(offered.features.get().email).toBe(true)
    const noFrame = createSiteFeatures({ options: options('latch-dev'), hasEmbedded: false })
    expect(noFrame.features.get()).toMatchObject({ email: false, socials: [] })
    const noProject = createSiteFeatures({ options: options(''), hasEmbedded: true })
    expect(noProject.features.get()).toMatchObject({ email: false, socials: [] })
  })

  it('takes Buy and Swap away in a restricted time zone, and says the region is restricted', () => {
    const site = createSiteFeatures({ options: options('latch-dev'), hasEmbedded: true })
    expect(site.applyRegion('asia/shanghai')).toMatchObject({ swaps: false, onramp: false })
    expect(site.features.get()).toMatchObject({ swaps: false, onramp: false, send: true })
    expect(site.region.get()).toEqual({ restricted: true })

    const elsewhere = createSiteFeatures({ options: options('latch-dev'), hasEmbedded: true })
    expect(elsewhere.applyRegion('Europe/Paris')).toMatchObject({ swaps: true, onramp: true })
    expect(elsewhere.region.get()).toEqual({ restricted: false })
  })
})
