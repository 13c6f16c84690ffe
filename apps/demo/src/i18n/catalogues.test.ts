import { LOCALES } from '@latch/protocol/i18n'
import { describe, expect, it } from 'vitest'
import {
  catalogueDifferences,
  NO_DIFFERENCES,
} from '../../../../packages/protocol/src/i18n/catalogueDifferences.fixture.ts'
import { loadDemoCatalogue } from './catalogues.ts'
import { en } from './en.ts'

describe("the demo page's catalogues", () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s has exactly the keys English has, each with the same placeholders',
    async (locale) => {
      expect(catalogueDifferences(en, await loadDemoCatalogue(locale))).toEqual(NO_DIFFERENCES)
    },
  )
})
