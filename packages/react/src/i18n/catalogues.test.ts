import { LOCALES } from '@latch/protocol/i18n'
import { describe, expect, it } from 'vitest'
import {
  catalogueDifferences,
  NO_DIFFERENCES,
} from '../../../protocol/src/i18n/catalogueDifferences.fixture.ts'
import { loadCatalogue } from './catalogues.ts'
import { en } from './en.ts'
import { moreEnglish } from './enMore.ts'

const english = { ...en, ...moreEnglish }

describe('the modal catalogues', () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s has exactly the keys English has, each with the same placeholders',
    async (locale) => {
      expect(catalogueDifferences(english, await loadCatalogue(locale))).toEqual(NO_DIFFERENCES)
    },
  )
})
