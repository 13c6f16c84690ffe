import { createAlerts } from './alerts/index.ts'
import { sendUsageEvents } from './analytics/sendUsageEvents.ts'
import { createApiClient } from './api/client.ts'
import { createConnectionState } from './connection/createConnectionState.ts'
import { createEvents } from './events/index.ts'
import { createI18n } from './i18n/index.ts'
import type { LatchConfig } from './latchTypes.ts'
import { wireModal } from './modal/wireModal.ts'
import { resolveOptions } from './options/index.ts'
import { createLazyQueryClient } from './query/lazyQueryClient.ts'
import { createSetupReport } from './setup/createSetupReport.ts'
import { createSnackbar } from './snackbar/index.ts'
import { createStorage } from './storage/index.ts'
import { createTheme } from './theme/index.ts'

/**
 * The foundation of one instance, before any feature: its options, events, storage, alerts and
 * snackbar, look and language, who is connected and where, the modal, the server's client and the
 * query cache. The sign-in and the embedded wallet come later; the modal reads them when asked.
 */
export function createKit(
  config: LatchConfig,
  later: {
    siwx(): { readonly required: boolean; hasSession(): boolean } | undefined
    embedded(): { resyncAuthConnector(): void } | undefined
  },
) {
  const options = resolveOptions(config)
  const events = createEvents()
  const storage = createStorage(config.storage ? { storage: config.storage } : {})
  const alerts = createAlerts()
  const { serverUrl, fetch } = config
  const state = createConnectionState({ options, storage, events })
  const api = createApiClient({
    baseUrl: serverUrl,
    projectId: options.projectId,
    ...(fetch ? { fetch } : {}),
  })
  sendUsageEvents({ options, serverUrl, fetch, events, alerts })
  return {
    options,
    hasEvm: options.families.includes('eip155'),
    serverUrl,
    events,
    storage,
    alerts,
    // The site's setup mistakes: one console line each for its developer, an alert for visitors.
    reportSetup: createSetupReport({ alerts }),
    snackbar: createSnackbar(),
    theme: createTheme({ themeMode: options.themeMode, themeVariables: options.themeVariables }),
    i18n: createI18n(config.locale),
    ...state,
    ...wireModal({ account: state.account, events, ...later }),
    api,
    queryClient: createLazyQueryClient(),
  }
}
