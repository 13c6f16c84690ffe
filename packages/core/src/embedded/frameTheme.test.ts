import { describe, expect, it } from 'vitest'
import { createI18n } from '../i18n/index.ts'
import { createTheme } from '../theme/index.ts'
import { frameTheme } from './frameTheme.ts'

describe('frameTheme', () => {
  it('reads the modal’s theme and language live, and tells of each change until stopped', () => {
    const theme = createTheme({ themeMode: 'light', themeVariables: {} })
    const i18n = createI18n('en')
    const seen = frameTheme(theme, i18n)
    let changes = 0
    const stop = seen.subscribe?.(() => {
      changes += 1
    })
    theme.setThemeMode('dark')
    i18n.setLocale('fr')
    expect(seen.themeMode).toBe('dark')
    expect(seen.locale).toBe('fr')
    expect(changes).toBe(2)
    stop?.()
    theme.setThemeVariables({ '--latch-accent': '#f00' })
    expect(seen.themeVariables).toEqual({ '--latch-accent': '#f00' })
    expect(changes).toBe(2)
  })
})
