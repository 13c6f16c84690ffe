import { type Catalogue, LOCALES, placeholdersOf } from '@latch/protocol/i18n'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from './catalogues.ts'
import { en } from './en.ts'

describe('the modal catalogues', () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s has exactly the keys English has, each with the same placeholders',
    async (locale) => {
      const catalogue: Catalogue = (await loadCatalogue(locale)) ?? {}
      const keys = Object.keys(catalogue)
      expect(
        keys.filter((key) => !(key in en)),
        'keys English lacks',
      ).toEqual([])
      expect(
        Object.keys(en).filter((key) => !keys.includes(key)),
        'keys missing',
      ).toEqual([])
      const mismatched = Object.entries(catalogue).filter(
        ([key, message]) =>
          placeholdersOf(message).join() !== placeholdersOf(en[key as keyof typeof en]).join(),
      )
      expect(
        mismatched.map(([key]) => key),
        'placeholders differ',
      ).toEqual([])
    },
  )
})
