import { LatchError } from '../errors.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import type { ChainAdapter } from './types.ts'

/** What a family's module gives the kit: its adapter, built from the kit's pieces. */
export type FamilyModule<Deps> = { createFamilyAdapter(deps: Deps): ChainAdapter }

/** A family's module, loaded by dynamic import so an unconfigured family costs the page nothing. */
export type FamilyLoader<Deps> = () => Promise<FamilyModule<Deps>>

export type FamiliesController = {
  /** The adapters built so far, keyed by namespace (filled as each family's code arrives). */
  readonly adapters: Readonly<Partial<Record<ChainNamespace, ChainAdapter>>>
  /**
   * The adapter of a configured family: its code loaded, the adapter built and wired once (again
   * after a failed load).
   * @throws LatchError when the site configures no such family, or none is implemented for it.
   */
  load(namespace: ChainNamespace): Promise<ChainAdapter>
  /**
   * Loads every configured family in parallel (once; again for one whose code failed to load). A
   * family whose code cannot load is reported and left out, so the others still work.
   */
  loadAll(): Promise<void>
  /** Loads every configured family, then restores each one's last session (once). */
  start(): Promise<void>
  /**
   * Builds a configured family's adapter now, from its module imported by the caller (a site that
   * needs the adapter at once, on the server too), rather than by dynamic import: `load` then
   * gives this same adapter. Gives the adapter built already, if there is one.
   * @throws LatchError when the site configures no such family.
   */
  provide(namespace: ChainNamespace, module: FamilyModule<unknown>): ChainAdapter
}

/**
 * The site's chain families: each one's code loads by dynamic import (EVM's too, so a site without
 * EVM networks fetches no wagmi or viem), then its adapter is built, kept and handed to `wire` (the
 * kit tracks its connection and lists its wallets).
 */
export function createFamilies<Deps>(deps: {
  /** The families the site configured, in its order. */
  namespaces: readonly ChainNamespace[]
  loaders: Readonly<Partial<Record<ChainNamespace, FamilyLoader<Deps>>>>
  /** What each family is built from (asked once per family, as it loads). */
  familyDeps(namespace: ChainNamespace): Deps | Promise<Deps>
  /** The adapter the kit keeps for one a family built (e.g. with its transfers tracked). */
  wrap?(adapter: ChainAdapter): ChainAdapter
  /** Wires a kept adapter into the kit (it is in `adapters` already). */
  wire(adapter: ChainAdapter): void
  onError(namespace: ChainNamespace, error: unknown): void
}): FamiliesController {
  const adapters: Partial<Record<ChainNamespace, ChainAdapter>> = {}
  const loading = new Map<ChainNamespace, Promise<ChainAdapter>>()

  function build(namespace: ChainNamespace, module: FamilyModule<Deps>, familyDeps: Deps) {
    const built = module.createFamilyAdapter(familyDeps)
    const adapter = deps.wrap ? deps.wrap(built) : built
    adapters[namespace] = adapter
    deps.wire(adapter)
    return adapter
  }

  const notConfigured = (namespace: ChainNamespace) =>
    new LatchError(`No ${namespace} network is configured`, {
      details: `The site's networks (or its adapters option) name no ${namespace} family the kit implements.`,
    })

  function load(namespace: ChainNamespace): Promise<ChainAdapter> {
    const started = loading.get(namespace)
    if (started) return started
    const loader = deps.loaders[namespace]
    if (!deps.namespaces.includes(namespace) || !loader)
      return Promise.reject(notConfigured(namespace))
    const ready = Promise.all([loader(), deps.familyDeps(namespace)]).then(
      ([module, familyDeps]) =>
        // Provided meanwhile (`provide`): that adapter is the family's, built and wired once.
        adapters[namespace] ?? build(namespace, module, familyDeps),
    )
    loading.set(namespace, ready)
    // A chunk the network lost: the next call loads it again.
    ready.catch(() => loading.delete(namespace))
    return ready
  }

  // Each implemented family: its adapter, or undefined when its code could not load (reported).
  const loadImplemented = () =>
    deps.namespaces
      .filter((namespace) => deps.loaders[namespace] !== undefined)
      .map((namespace) =>
        load(namespace).catch((error: unknown) => {
          deps.onError(namespace, error)
          return undefined
        }),
      )
  let started: Promise<void> | undefined

  return {
    adapters,
    load,
    async loadAll() {
      await Promise.all(loadImplemented())
    },
    provide(namespace, module) {
      const built = adapters[namespace]
      if (built) return built
      if (!deps.namespaces.includes(namespace)) throw notConfigured(namespace)
      const familyDeps = deps.familyDeps(namespace)
      if (familyDeps instanceof Promise)
        throw new LatchError(`The ${namespace} family cannot be built at once`, {
          details: 'What it is built from is still loading: use loadFamily() instead.',
        })
      const adapter = build(namespace, module as FamilyModule<Deps>, familyDeps)
      loading.set(namespace, Promise.resolve(adapter))
      return adapter
    },
    start() {
      started ??= Promise.all(
        loadImplemented().map((loading) =>
          loading.then((adapter) => adapter?.reconnect().catch(() => undefined)),
        ),
      ).then(() => undefined)
      return started
    },
  }
}
