import type { Text } from '@latch/protocol/i18n'
/** A name under the zone and whether it is free. */
export type NameSuggestion = { name: string; label: string; available: boolean }

/** The RegisterAccountName view's input and what the server says of it. */
export type NameSuggestionsState = {
  /** As typed. */
  input: string
  /** As it would be registered: lower case, without the zone. */
  label: string
  /** Why the label cannot be registered; undefined while it is empty or valid. */
  issue?: Text
  /** `loading` from the first key of a valid label until the latest answer. */
  status: 'idle' | 'loading' | 'success' | 'error'
  /** The name asked for and whether it is free, once the server answered. */
  asked?: NameSuggestion
  /** Free variants to pick instead. */
  variants: readonly NameSuggestion[]
  /** 'Error fetching name suggestions' when the last call failed. */
  error?: Text
}
