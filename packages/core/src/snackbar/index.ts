export {
  createSnackbar,
  SNACKBAR_AUTO_CLOSE_MS,
  type SnackbarController,
  type SnackbarDeps,
  type SnackbarTimers,
} from './createSnackbar.ts'
export type { SnackbarState, SnackbarSvg, SnackbarVariant } from './types.ts'
