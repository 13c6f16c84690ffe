import { useLatchInstance, useStore } from '@latch/react'
import { useEffect } from 'react'
import { useDemoI18n } from './i18n/useDemoI18n.ts'
import { applyPageTheme, chooseTheme, chosenTheme, onSystemThemeChange } from './theme.ts'

/**
 * Light or dark for the page and the modal: the system's setting until the visitor flips the
 * switch, then their choice (kept for the next visit).
 */
export function ThemeSwitch() {
  const latch = useLatchInstance()
  const { themeMode } = useStore(latch.theme.state)
  const { t } = useDemoI18n()

  useEffect(() => applyPageTheme(themeMode), [themeMode])
  useEffect(
    () =>
      onSystemThemeChange((mode) => {
        if (!chosenTheme()) latch.theme.setThemeMode(mode)
      }),
    [latch],
  )

  const dark = themeMode === 'dark'
  return (
    <button
      type="button"
      role="switch"
      className="theme-switch"
      aria-checked={dark}
      data-testid="demo-theme-switch"
      onClick={() => {
        const next = dark ? 'light' : 'dark'
        chooseTheme(next)
        latch.theme.setThemeMode(next)
      }}
    >
      <span className="theme-switch-track" aria-hidden="true">
        <span className="theme-switch-thumb">{dark ? '☾' : '☀'}</span>
      </span>
      <span className="theme-switch-label">{t('page.darkTheme')}</span>
    </button>
  )
}
