import { type Catalogue, LOCALES, placeholdersOf } from '@latch/protocol/i18n'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from './catalogues.ts'
import { en } from './en.ts'
import { moreEnglish } from './enMore.ts'

const english = { ...en, ...moreEnglish }

describe('the modal catalogues', () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s has exactly the keys English has, each with the same placeholders',
    async (locale) => {
      const catalogue: Catalogue = await loadCatalogue(locale)
      const keys = Object.keys(catalogue)
      expect(
        keys.filter((key) => !(key in english)),
        'keys English lacks',
      ).toEqual([])
      expect(
        Object.keys(english).filter((key) => !keys.includes(key)),
        'keys missing',
      ).toEqual([])
      const mismatched = Object.entries(catalogue).filter(
        ([key, message]) =>
          placeholdersOf(message).join() !==
          placeholdersOf(english[key as keyof typeof english]).join(),
      )
      expect(
        mismatched.map(([key]) => key),
        'placeholders differ',
      ).toEqual([])
    },
  )
})
