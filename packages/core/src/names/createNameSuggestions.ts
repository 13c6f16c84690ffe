import type { NameSuggestions } from '@latch/protocol'
import type { ApiClient } from '../api/client.ts'
import { latestOnly } from '../query/latestOnly.ts'
import { createStore, type ReadableStore, type Store } from '../store.ts'
import { NAME_SUGGESTIONS_DEBOUNCE_MS } from './constants.ts'
import { ERROR_FETCHING_NAME_SUGGESTIONS } from './errors.ts'
import { initialNameSuggestions as initial } from './initialState.ts'
import { nameLabelIssue, normalizeNameLabel } from './label.ts'
import type { NameSuggestionsState } from './types.ts'

export type { NameSuggestion, NameSuggestionsState } from './types.ts'

export type NameSuggestionsController = {
  state: ReadableStore<NameSuggestionsState>
  /** Takes the input as typed: checks it at once, asks for suggestions once typing pauses (300 ms). */
  setInput(input: string): void
  /** Marks a name as taken, e.g. after the server refused to register it. */
  markTaken(name: string): void
  reset(): void
}

/** The server's answer as the view lists it: the asked name, then free variants under the zone. */
export function readSuggestions(
  response: NameSuggestions,
  label: string,
  zone: string,
): Pick<NameSuggestionsState, 'asked' | 'variants'> {
  const suffix = `.${zone.toLowerCase()}`
  const entries = response.suggestions.map((entry) => {
    const given = entry.name.trim().toLowerCase()
    const name = given.includes('.') ? given : `${given}${suffix}`
    return {
      name,
      label: name.endsWith(suffix) ? name.slice(0, -suffix.length) : name,
      available: !entry.registered,
      inZone: name.endsWith(suffix),
    }
  })
  const strip = ({ name, label: entryLabel, available }: (typeof entries)[number]) => ({
    name,
    label: entryLabel,
    available,
  })
  const asked = entries.find((entry) => entry.label === label)
  const seen = new Set<string>([label])
  const variants = entries.filter((entry) => {
    if (!entry.inZone || !entry.available || seen.has(entry.label)) return false
    seen.add(entry.label)
    return true
  })
  return { ...(asked ? { asked: strip(asked) } : {}), variants: variants.map(strip) }
}

/**
 * The suggestions of the RegisterAccountName view: the label checked as the visitor types, then
 * GET /v1/profile/suggestions/{label}?zone once typing pauses; a slow answer to an older input
 * never replaces the answer to a newer one.
 * @example const suggestions = createNameSuggestions({ api, zone: 'latch.id' }); suggestions.setInput('alice')
 */
export function createNameSuggestions(deps: {
  api: Pick<ApiClient, 'profileSuggestions'>
  zone: string
  debounceMs?: number
  /** The state to drive; default a new store. */
  store?: Store<NameSuggestionsState>
}): NameSuggestionsController {
  const store = deps.store ?? createStore<NameSuggestionsState>(initial())
  const lookups = latestOnly({
    delayMs: deps.debounceMs ?? NAME_SUGGESTIONS_DEBOUNCE_MS,
    fetch: (label: string) => deps.api.profileSuggestions(label, { zone: deps.zone }),
    onAnswer(response, label) {
      store.set({
        status: 'success',
        error: undefined,
        ...readSuggestions(response, label, deps.zone),
      })
    },
    onError() {
      store.set({
        status: 'error',
        error: ERROR_FETCHING_NAME_SUGGESTIONS,
        asked: undefined,
        variants: [],
      })
    },
  })

  return {
    state: store,
    setInput(input) {
      const label = normalizeNameLabel(input, deps.zone)
      if (label === store.get().label) {
        store.set({ input })
        return
      }
      const issue = label === '' ? undefined : nameLabelIssue(label)
      if (label === '' || issue) {
        lookups.cancel()
        store.set({ ...initial(), input, label, issue })
        return
      }
      store.set({ ...initial(), input, label, status: 'loading' })
      lookups.schedule(label)
    },
    markTaken(name) {
      const { asked, variants } = store.get()
      store.set({
        ...(asked?.name === name ? { asked: { ...asked, available: false } } : {}),
        variants: variants.filter((variant) => variant.name !== name),
      })
    },
    reset() {
      lookups.cancel()
      store.set(initial())
    },
  }
}
