import type { I18nController } from '../i18n/index.ts'
import type { ReadableStore } from '../store.ts'
import type { EmbeddedDeps } from './createEmbedded.ts'

/**
 * The look and language the wallet frame is drawn in, read live from the modal's: the frame is sent
 * them again whenever the theme or the language changed.
 */
export function frameTheme(
  theme: { state: ReadableStore<Pick<EmbeddedDeps['theme'], 'themeMode' | 'themeVariables'>> },
  i18n: Pick<I18nController, 'state'>,
): EmbeddedDeps['theme'] {
  return {
    get themeMode() {
      return theme.state.get().themeMode
    },
    get themeVariables() {
      return theme.state.get().themeVariables
    },
    get locale() {
      return i18n.state.get().locale
    },
    subscribe(listener) {
      const stopTheme = theme.state.subscribe(listener)
      const stopLocale = i18n.state.subscribe(listener)
      return () => {
        stopTheme()
        stopLocale()
      }
    },
  }
}
