export { createTheme, type ThemeController, type ThemeState } from './createTheme.ts'
