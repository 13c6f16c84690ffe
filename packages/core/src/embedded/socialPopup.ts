import { SOCIAL_POPUP_FEATURES, SOCIAL_POPUP_NAME } from '../constants.ts'
import type { PopupWindow } from './types.ts'

/**
 * A blank social login window, opened inside the visitor's click (a later one would be blocked);
 * null where the browser blocked it or there is no window. Its own module: the page's stand-in
 * opens it before the login code is loaded.
 */
export const openSocialPopup = (): PopupWindow | null =>
  globalThis.open?.('', SOCIAL_POPUP_NAME, SOCIAL_POPUP_FEATURES) ?? null
