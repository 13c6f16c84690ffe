import {
  DEFAULT_FEATURES,
  type FeatureId,
  featureConfig,
  featureId,
  type ProjectFeature,
} from '@latch/protocol'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A project's features: its stored overrides on top of the defaults. Overrides that do not
 * fit (written by hand in SQL) are skipped and named in `problems`, never a failed request.
 */
export function resolveFeatures(stored: unknown): {
  features: ProjectFeature[]
  problems: string[]
} {
  const problems: string[] = []
  const overrides = isObject(stored) ? stored : {}
  if (!isObject(stored)) problems.push('features: expected an object')
  for (const key of Object.keys(overrides)) {
    if (!featureId.safeParse(key).success) problems.push(`features.${key}: unknown feature`)
  }
  const features = featureId.options.map((id: FeatureId) => {
    let { isEnabled, config }: { isEnabled: boolean; config: unknown } = DEFAULT_FEATURES[id]
    const override = overrides[id]
    if (override !== undefined && !isObject(override)) {
      problems.push(`features.${id}: expected an object`)
    } else if (override) {
      if (typeof override.isEnabled === 'boolean') isEnabled = override.isEnabled
      else if (override.isEnabled !== undefined)
        problems.push(`features.${id}.isEnabled: expected a boolean`)
      if (override.config !== undefined) {
        const parsed = featureConfig[id].safeParse(override.config)
        if (parsed.success) config = parsed.data
        else problems.push(`features.${id}.config: ${parsed.error.issues[0]?.message}`)
      }
    }
    // The id picks the config schema each branch was checked with: the union holds.
    return { id, isEnabled, config } as ProjectFeature
  })
  return { features, problems }
}
