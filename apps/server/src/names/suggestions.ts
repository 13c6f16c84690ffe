import { NAME_LABEL_MAX_LENGTH, type NameSuggestions } from '@latch/protocol'
import { NAME_SUGGESTION_COUNT } from './constants.ts'
import { isValidLabel, type ParsedName } from './nameRules.ts'
import type { NameStore } from './nameStore.ts'

// Tried in this order; deterministic, so the same question gets the same answer.
const SUFFIXES = ['1', '2', '3', '7', '42', '99', '-id', '-app', '-hq', '-web3', 'x', '-io']

/** Variants of a label: the label with a suffix, cut to fit; only valid labels, no repeats. */
export function labelVariants(label: string): string[] {
  const variants = SUFFIXES.map((suffix) => {
    // A cut stem ending in hyphens reads better without them (`abc-id`, not `abc--id`).
    const stem = label.slice(0, NAME_LABEL_MAX_LENGTH - suffix.length).replace(/-+$/, '')
    return `${stem}${suffix}`
  })
  return [...new Set(variants)].filter((variant) => variant !== label && isValidLabel(variant))
}

/**
 * The asked name with whether it is registered, then up to NAME_SUGGESTION_COUNT free variants
 * (GET /v1/profile/suggestions). One query checks them all.
 */
export async function suggestNames(store: NameStore, asked: ParsedName): Promise<NameSuggestions> {
  const variants = labelVariants(asked.label).map((label) => `${label}.${asked.zone}`)
  const registered = await store.registered([asked.name, ...variants])
  return {
    suggestions: [
      { name: asked.name, registered: registered.has(asked.name) },
      ...variants
        .filter((name) => !registered.has(name))
        .slice(0, NAME_SUGGESTION_COUNT)
        .map((name) => ({ name, registered: false })),
    ],
  }
}
