import type { ResolvedOptions } from '../options/types.ts'
import { isRestrictedTimezone } from '../region/restrictedRegion.ts'
import type { Features } from '../siteTypes.ts'
import { createStore, type ReadableStore, type Store, selectStore } from '../store.ts'
import { withoutLogins } from './remoteFeatures.ts'

export type SiteFeatures = {
  /** The features in force, as `latch.features` reads them. */
  readonly features: ReadableStore<Features>
  /** Where the project's settings narrow them once the server answered. */
  readonly store: Store<{ current: Features }>
  /** Whether the visitor's time zone is a restricted one, as `latch.region` reads it. */
  readonly region: ReadableStore<{ restricted: boolean }>
  /**
   * Takes Buy and Swap away for a visitor in a restricted time zone (the browser's, read at start:
   * never at creation, which may be a server render). Gives the site's features so narrowed, which
   * the project's settings narrow further.
   */
  applyRegion(timezone: string | undefined): Features
}

/**
 * The features the site chose, less email and social login when there is no wallet frame to run
 * them in (or no project id, without which the server logs no one in).
 */
export function createSiteFeatures(deps: {
  options: Pick<ResolvedOptions, 'features' | 'projectIdMissing' | 'restrictedTimezones'>
  /** Whether the site offers the embedded wallet (a frame URL and an EVM network). */
  hasEmbedded: boolean
}): SiteFeatures {
  const { options } = deps
  const offered =
    deps.hasEmbedded && !options.projectIdMissing
      ? options.features
      : withoutLogins(options.features)
  const store = createStore({ current: offered })
  const region = createStore({ restricted: false })
  return {
    features: selectStore(store, (state) => state.current),
    store,
    region,
    applyRegion(timezone) {
      const restricted = isRestrictedTimezone(timezone, options.restrictedTimezones)
      region.set({ restricted })
      const siteFeatures = restricted ? { ...offered, swaps: false, onramp: false } : offered
      store.set({ current: siteFeatures })
      return siteFeatures
    },
  }
}
