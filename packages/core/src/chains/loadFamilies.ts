import type { ChainNamespace } from '../options/types.ts'
import type { ChainAdapter } from './types.ts'

/** What a family's module gives the kit: its adapter, built from the kit's pieces. */
export type FamilyModule<Deps> = { createFamilyAdapter(deps: Deps): ChainAdapter }

/** A family's module, loaded by dynamic import so an unconfigured family costs the page nothing. */
export type FamilyLoader<Deps> = () => Promise<FamilyModule<Deps>>

/**
 * Loads the adapters of the configured families not built yet, in parallel: each is wired into the
 * kit (its connection tracked, its rules registered), then restores its last session. A family
 * without an implementation is left out; one whose code cannot load is reported and left out, so
 * the other families still work.
 */
export async function loadFamilies<Deps>(deps: {
  configured: readonly ChainNamespace[]
  built: ReadonlySet<ChainNamespace>
  loaders: Readonly<Partial<Record<ChainNamespace, FamilyLoader<Deps>>>>
  familyDeps: Deps
  wire(adapter: ChainAdapter): void
  onError(namespace: ChainNamespace, error: unknown): void
}): Promise<ChainAdapter[]> {
  const wanted = deps.configured.filter((namespace) => !deps.built.has(namespace))
  const loaded = await Promise.all(
    wanted.map(async (namespace) => {
      const load = deps.loaders[namespace]
      if (!load) return undefined
      try {
        const adapter = (await load()).createFamilyAdapter(deps.familyDeps)
        deps.wire(adapter)
        await adapter.reconnect().catch(() => undefined)
        return adapter
      } catch (error) {
        deps.onError(namespace, error)
        return undefined
      }
    }),
  )
  return loaded.filter((adapter) => adapter !== undefined)
}
