/** Typing pauses this long before name suggestions are asked for, so a burst of keys asks once. */
export const NAME_SUGGESTIONS_DEBOUNCE_MS = 300
