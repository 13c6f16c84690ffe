import type { EventsController } from '../events/index.ts'
import { trackLoginMethods } from '../events/track.ts'
import type { I18nController } from '../i18n/index.ts'
import type { ResolvedOptions } from '../options/types.ts'
import type { ReadableStore } from '../store.ts'
import type { EmbeddedDeps } from './createEmbedded.ts'
import { frameTheme } from './frameTheme.ts'
import { createLazyEmbedded, type LazyEmbedded } from './lazyEmbedded.ts'

/**
 * Email and social login, offered when the site gives a `walletFrameUrl` and has an EVM network
 * (the embedded wallet connects through the EVM family): the state is built now, the code loads
 * once a login is offered or restored, and each login reports its pick.
 */
export function wireEmbedded(
  deps: Pick<
    EmbeddedDeps,
    'alerts' | 'snackbar' | 'router' | 'modal' | 'account' | 'storage' | 'connect'
  > & {
    options: Pick<ResolvedOptions, 'walletFrameUrl' | 'projectId' | 'metadata'>
    hasEvm: boolean
    theme: { state: ReadableStore<Pick<EmbeddedDeps['theme'], 'themeMode' | 'themeVariables'>> }
    i18n: Pick<I18nController, 'state'>
    events: Pick<EventsController, 'emit'>
    /** The server's chains: those with a bundler are where a smart account works. */
    supportedChains: EmbeddedDeps['smartAccountChains']
  },
): LazyEmbedded | undefined {
  const { options } = deps
  if (!options.walletFrameUrl || !deps.hasEvm) return undefined
  const embedded = createLazyEmbedded({
    frameUrl: options.walletFrameUrl,
    projectId: options.projectId,
    alerts: deps.alerts,
    snackbar: deps.snackbar,
    router: deps.router,
    modal: deps.modal,
    account: deps.account,
    storage: deps.storage,
    theme: frameTheme(deps.theme, deps.i18n),
    metadata: options.metadata,
    connect: deps.connect,
    smartAccountChains: deps.supportedChains,
  })
  trackLoginMethods(embedded.controller, deps.events)
  return embedded
}
