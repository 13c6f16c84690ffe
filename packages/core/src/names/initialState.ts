import type { NameSuggestionsState } from './types.ts'

// Every field spelled out: the store merges, so a field left out would keep its old value.
export const initialNameSuggestions = (): NameSuggestionsState => ({
  input: '',
  label: '',
  issue: undefined,
  status: 'idle',
  asked: undefined,
  variants: [],
  error: undefined,
})
