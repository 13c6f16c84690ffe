import { DEFAULT_THEME_MODE } from '../constants.ts'
import type { StoredTheme } from '../state/frameStore.ts'
import { isCssColour } from './colour.ts'

/** Sets the page's colours: data-theme on <html>, and the site's accent through the CSSOM (CSP-safe). */
export function applyTheme(theme: StoredTheme | undefined): void {
  const root = document.documentElement
  root.dataset.theme = theme?.themeMode ?? DEFAULT_THEME_MODE
  const accent = theme?.accent
  if (
    accent !== undefined &&
    isCssColour(accent, (property, value) => CSS.supports(property, value))
  ) {
    root.style.setProperty('--latch-accent', accent)
  } else {
    root.style.removeProperty('--latch-accent')
  }
}
