import type { ThemeMode } from '@latch/core'

/** Where the demo keeps the visitor's own choice; without one it follows the system's setting. */
const STORAGE_KEY = 'latch-demo:theme'
const LIGHT_QUERY = '(prefers-color-scheme: light)'

/** The theme the visitor chose on this demo, if any. */
export function chosenTheme(): ThemeMode | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return value === 'light' || value === 'dark' ? value : undefined
  } catch {
    return undefined
  }
}

export function chooseTheme(mode: ThemeMode): void {
  try {
    localStorage.setItem(STORAGE_KEY, mode)
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/** The system's light or dark setting. */
export function systemTheme(): ThemeMode {
  return matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark'
}

/** Calls `listener` when the system's setting changes; returns how to stop. */
export function onSystemThemeChange(listener: (mode: ThemeMode) => void): () => void {
  const query = matchMedia(LIGHT_QUERY)
  const changed = () => listener(query.matches ? 'light' : 'dark')
  query.addEventListener('change', changed)
  return () => query.removeEventListener('change', changed)
}

/** The page wears the theme too: its colours key off `data-theme` on the root element. */
export function applyPageTheme(mode: ThemeMode): void {
  document.documentElement.dataset.theme = mode
}
