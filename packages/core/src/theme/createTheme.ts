import type { ThemeVariables } from '../options/types.ts'
import type { ThemeMode } from '../siteTypes.ts'
import { createStore, type ReadableStore } from '../store.ts'

export type ThemeState = { themeMode: ThemeMode; themeVariables: ThemeVariables }

export type ThemeController = {
  state: ReadableStore<ThemeState>
  /** Light or dark from now on, e.g. when the site's own theme switch changes. */
  setThemeMode(mode: ThemeMode): void
  /** Replaces the custom properties the modal is drawn with (`--latch-accent`, ...). */
  setThemeVariables(variables: ThemeVariables): void
}

/** The modal's look, starting from the site's options and changeable at run time. */
export function createTheme(initial: ThemeState): ThemeController {
  const state = createStore<ThemeState>(initial)
  return {
    state,
    setThemeMode: (themeMode) => state.set({ themeMode }),
    setThemeVariables: (themeVariables) => state.set({ themeVariables }),
  }
}
