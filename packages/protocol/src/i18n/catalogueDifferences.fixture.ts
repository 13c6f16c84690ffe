import { type Catalogue, placeholdersOf } from './translate.ts'

/** How a translation departs from its English source: each list is empty when it agrees. */
export type CatalogueDifferences = {
  /** Keys English lacks: a message no view asks for, or a misspelt key. */
  unknownKeys: string[]
  /** Keys English has and the translation lacks: those would read in English. */
  missingKeys: string[]
  /** Keys whose placeholders differ: a value that would go missing or show as `{name}`. */
  placeholdersDiffer: string[]
}

/** A translation that agrees with English: what a catalogue's test expects. */
export const NO_DIFFERENCES: CatalogueDifferences = {
  unknownKeys: [],
  missingKeys: [],
  placeholdersDiffer: [],
}

/**
 * What a catalogue's tests check of a translation: exactly English's keys, each with the same
 * placeholders (every plural form counted), so no message falls back or loses a value.
 */
export function catalogueDifferences(
  english: Catalogue,
  translation: Catalogue,
): CatalogueDifferences {
  const keys = Object.keys(translation)
  return {
    unknownKeys: keys.filter((key) => !Object.hasOwn(english, key)),
    missingKeys: Object.keys(english).filter((key) => !Object.hasOwn(translation, key)),
    placeholdersDiffer: keys.filter((key) => {
      const source = english[key]
      const message = translation[key]
      return (
        source !== undefined &&
        message !== undefined &&
        placeholdersOf(message).join() !== placeholdersOf(source).join()
      )
    }),
  }
}
