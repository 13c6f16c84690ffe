import { useI18n } from '../i18n/useI18n.ts'

/** Said where Buy or Swap would be, for a visitor in one of the site's restricted time zones. */
export function RegionRestricted() {
  const { t } = useI18n()
  return (
    <p className="latch-muted latch-center" role="status" data-testid="latch-region-restricted">
      {t('region.restricted')}
    </p>
  )
}
