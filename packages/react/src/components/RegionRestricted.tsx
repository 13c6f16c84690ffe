import { RESTRICTED_REGION_MESSAGE } from '@latch/core'

/** Said where Buy or Swap would be, for a visitor in one of the site's restricted time zones. */
export function RegionRestricted() {
  return (
    <p className="latch-muted latch-center" role="status" data-testid="latch-region-restricted">
      {RESTRICTED_REGION_MESSAGE}
    </p>
  )
}
