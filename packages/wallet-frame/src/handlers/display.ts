import { isLocale, LOCALES } from '@latch/protocol/i18n'
import { isCssColour } from '../approval/colour.ts'
import { FrameRequestError } from '../errors.ts'
import { payloadRecord, stringField } from '../messages/payload.ts'
import type { StoredTheme } from '../state/frameStore.ts'
import type { FrameContext, HandlerGroup } from './context.ts'

/** The theme variable the approval screen's buttons take their colour from. */
const ACCENT_VARIABLE = '--latch-accent'
/** A site name longer than this is cut: it is the site's claim, the origin is shown beside it. */
const MAX_NAME_LENGTH = 80

/** Theme, language and site data for the approval screen. */
export function displayHandlers(
  context: FrameContext,
  options: { supportsCss?: (property: string, value: string) => boolean } = {},
): HandlerGroup<'SYNC_THEME' | 'SYNC_DAPP_DATA'> {
  return {
    async SYNC_THEME(payload) {
      const record = payloadRecord(payload)
      const themeMode = record.themeMode
      if (themeMode !== 'dark' && themeMode !== 'light') {
        throw new FrameRequestError("Invalid request: themeMode must be 'dark' or 'light'")
      }
      const variables = record.themeVariables
      const accent =
        typeof variables === 'object' && variables !== null
          ? (variables as Record<string, unknown>)[ACCENT_VARIABLE]
          : undefined
      const theme: StoredTheme = isCssColour(accent, options.supportsCss)
        ? { themeMode, accent: accent.trim() }
        : { themeMode }
      context.store.setTheme(theme)
      context.applyTheme(theme)
      const locale = record.locale
      if (locale !== undefined) {
        if (!isLocale(locale))
          throw new FrameRequestError(
            `Invalid request: locale must be one of ${LOCALES.join(', ')}`,
          )
        // A language whose chunk cannot load leaves the screen in the one it speaks.
        await context.setLocale?.(locale).catch(() => undefined)
      }
      return {}
    },
    async SYNC_DAPP_DATA(payload) {
      const record = payloadRecord(payload)
      const name = stringField(record, 'name').slice(0, MAX_NAME_LENGTH)
      const url = typeof record.url === 'string' ? record.url : undefined
      const icon = typeof record.icon === 'string' ? record.icon : undefined
      context.dapp.current = {
        name,
        ...(url === undefined ? {} : { url }),
        ...(icon === undefined ? {} : { icon }),
      }
      return {}
    },
  }
}
