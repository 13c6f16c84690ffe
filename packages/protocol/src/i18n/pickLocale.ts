import { DEFAULT_LOCALE, isLocale, type Locale } from './locales.ts'

/**
 * The first of the visitor's languages (in their order of preference, as `navigator.languages`
 * or `Accept-Language` list them) the kit has a catalogue for, matched by its language subtag
 * ('de-AT' is German, 'zh-Hant-TW' Chinese), else English.
 */
export function pickLocale(wanted: readonly (string | undefined | null)[]): Locale {
  for (const tag of wanted) {
    if (!tag) continue
    const language = tag.trim().toLowerCase().split(/[-_]/)[0]
    if (isLocale(language)) return language
  }
  return DEFAULT_LOCALE
}

/**
 * The tags of an `Accept-Language` header, best first by their `q` weight (ties keep their
 * order); `*` and tags weighted 0 are left out.
 */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag)
}
