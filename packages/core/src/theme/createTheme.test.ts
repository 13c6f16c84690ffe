import { describe, expect, it } from 'vitest'
import { createTheme } from './createTheme.ts'

describe('createTheme', () => {
  it('starts from the options and tells listeners of a new mode', () => {
    const theme = createTheme({ themeMode: 'dark', themeVariables: { '--latch-accent': '#f50' } })
    const seen: string[] = []
    theme.state.subscribe((state) => seen.push(state.themeMode))
    theme.setThemeMode('light')
    theme.setThemeMode('light')
    expect(theme.state.get()).toEqual({
      themeMode: 'light',
      themeVariables: { '--latch-accent': '#f50' },
    })
    expect(seen).toEqual(['light'])
  })

  it('replaces the theme variables', () => {
    const theme = createTheme({ themeMode: 'dark', themeVariables: {} })
    theme.setThemeVariables({ '--latch-radius': '4px' })
    expect(theme.state.get().themeVariables).toEqual({ '--latch-radius': '4px' })
  })
})
