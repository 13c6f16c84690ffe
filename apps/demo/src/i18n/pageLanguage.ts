import { type Locale, textDirection } from '@latch/protocol/i18n'

/**
 * The page speaks the language too: `<html lang>` for screen readers, fonts and hyphenation,
 * `dir` so Arabic lays the page out right to left, and the tab's title.
 */
export function applyPageLanguage(locale: Locale, title: string): void {
  document.documentElement.lang = locale
  document.documentElement.dir = textDirection(locale)
  document.title = title
}
