import type { Locale } from '@latch/protocol/i18n'
import type { KnownAlert } from '../alerts/types.ts'
import type { Metadata, ThemeVariables } from '../options/types.ts'
import type { ThemeMode } from '../siteTypes.ts'
import type { Store } from '../store.ts'
import type { EmbeddedState, FrameClient, Timers } from './types.ts'

/**
 * The modal's look and language, read live; `locale` is the modal's language, which the approval
 * screen speaks too. `subscribe` calls back on each change of them, so a loaded frame follows at
 * once.
 */
export type FrameTheme = {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  locale?: Locale
  subscribe?(listener: () => void): () => void
}

export type EmbeddedFrame = {
  /** The frame client, its code loaded on the first call (again after a failed load). */
  client(): Promise<FrameClient>
  /** The frame client mounted, told the modal's theme and language and the site's name. */
  frame(): Promise<FrameClient>
  /** The next `frame()` tells the theme and the site again (the embedded wallet was reset). */
  resync(): void
}

/**
 * The wallet frame of one instance, loaded and mounted once needed. Its status is mirrored into
 * the embedded state; the approval screen wears the modal's theme and language (a ready frame
 * is sent a change at once) and names the site.
 */
export function createEmbeddedFrame(deps: {
  frameUrl: string
  projectId: string
  alerts: { raise(alert: KnownAlert): void }
  /** Makes the frame client; default the iframe client, loaded as a separate chunk. */
  createFrame?: (() => Promise<FrameClient>) | undefined
  theme: FrameTheme
  metadata: Metadata
  store: Store<EmbeddedState>
  timers: Timers
}): EmbeddedFrame {
  const { store } = deps
  let client: Promise<FrameClient> | undefined
  function loadClient(): Promise<FrameClient> {
    client ??= (
      deps.createFrame ??
      (async () => {
        const { createFrameClient } = await import('./frameClient.ts')
        return createFrameClient({
          frameUrl: deps.frameUrl,
          projectId: deps.projectId,
          alerts: deps.alerts,
          timers: deps.timers,
        })
      })
    )().then((loaded) => {
      loaded.state.subscribe(({ status }) => store.set({ frame: status }))
      store.set({ frame: loaded.state.get().status })
      return loaded
    })
    client.catch(() => {
      client = undefined
    })
    return client
  }

  let dappSynced = false
  let syncedTheme: string | undefined
  /** The client once loaded, for changes of theme that must not load it. */
  let loadedClient: FrameClient | undefined

  /** Sends the modal's theme and language when they differ from the last sent (fire and forget). */
  function syncTheme(loaded: FrameClient): void {
    const theme = frameThemeMessage(deps.theme)
    const themeKey = JSON.stringify(theme)
    if (themeKey === syncedTheme) return
    syncedTheme = themeKey
    void loaded.request('SYNC_THEME', theme, { alertOnTimeout: false }).catch(() => {})
  }
  // A site may switch theme or language while the approval screen is shown: a ready frame is sent
  // the change at once, so the screen never wears another theme than the modal it lies over. A
  // frame not ready yet gets it with its next request.
  deps.theme.subscribe?.(() => {
    if (loadedClient?.state.get().status === 'ready') syncTheme(loadedClient)
  })

  return {
    client: loadClient,
    async frame() {
      const loaded = await loadClient()
      await loaded.mount()
      loadedClient = loaded
      // The approval screen wears the modal's theme as it is now.
      syncTheme(loaded)
      if (!dappSynced) {
        dappSynced = true
        // The approval screen names the site.
        void loaded
          .request('SYNC_DAPP_DATA', dappData(deps.metadata), { alertOnTimeout: false })
          .catch(() => {})
      }
      return loaded
    },
    resync() {
      dappSynced = false
      syncedTheme = undefined
    },
  }
}

/** The theme as the frame takes it: each variable a string, and the modal's language. */
function frameThemeMessage(theme: FrameTheme) {
  const themeVariables = Object.fromEntries(
    Object.entries(theme.themeVariables).map(([name, value]) => [name, String(value)]),
  )
  // The modal's language too: the approval screen speaks it.
  return {
    themeMode: theme.themeMode,
    themeVariables,
    ...(theme.locale ? { locale: theme.locale } : {}),
  }
}

/** The site as the approval screen names it: its name, and its address and icon when given. */
function dappData(metadata: Metadata) {
  const icon = metadata.icons[0]
  return {
    name: metadata.name,
    ...(metadata.url ? { url: metadata.url } : {}),
    ...(icon ? { icon } : {}),
  }
}
