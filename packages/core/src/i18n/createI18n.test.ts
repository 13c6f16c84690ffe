import { describe, expect, it } from 'vitest'
import { createI18n } from './createI18n.ts'

describe('createI18n', () => {
  it("follows the browser's languages until the site sets one", () => {
    const i18n = createI18n(undefined)
    expect(i18n.state.get().locale).toBe('en')
    i18n.followBrowser(['de-DE', 'en'])
    expect(i18n.state.get().locale).toBe('de')
    i18n.setLocale('ar')
    expect(i18n.state.get()).toEqual({ locale: 'ar', chosen: true })
    i18n.followBrowser(['ja'])
    expect(i18n.state.get().locale).toBe('ar')
  })

  it("keeps the site's locale over the browser's, and falls back to English for an unknown one", () => {
    const i18n = createI18n('pt-BR')
    i18n.followBrowser(['ko'])
    expect(i18n.state.get().locale).toBe('pt')
    const seen: string[] = []
    i18n.state.subscribe((state) => seen.push(state.locale))
    i18n.setLocale('xx-YY')
    expect(seen).toEqual(['en'])
  })
})
