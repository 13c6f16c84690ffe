import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type { CoreTypes, SignClientTypes } from '@walletconnect/types'
import { createMemoryStorage } from './memoryStorage.ts'

export type OfflineSignClientOptions = {
  relayUrl: string
  projectId: string
  metadata: CoreTypes.Metadata
  signConfig?: SignClientTypes.SignConfig
}

export type OfflineSignClient = InstanceType<typeof SignClient>

/**
 * A @walletconnect/sign-client 2.21.8 that talks to `relayUrl` and to nothing else: in-memory
 * storage, no telemetry, Verify stubbed out, and its own Core instead of the process-wide one.
 */
export async function createOfflineSignClient(
  options: OfflineSignClientOptions,
): Promise<OfflineSignClient> {
  // Core keeps one instance per storage prefix on globalThis (Core.getGlobalCore) and hands it to
  // every later client: two clients in one process would share a did:key and never hear each
  // other through the relay. A fresh prefix gives each client its own Core.
  const customStoragePrefix = `latch-${randomUUID()}`
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: options.metadata,
    ...(options.signConfig ? { signConfig: options.signConfig } : {}),
    storage: createMemoryStorage(),
    customStoragePrefix,
    logger: 'silent',
    // Without this, core posts events to pulse.walletconnect.org.
    telemetryEnabled: false,
  })
  // Verify would fetch https://verify.walletconnect.org (resolve, on the wallet side, for every
  // proposal and request) or load it in an iframe (register, in browsers).
  client.core.verify.register = async () => ''
  // Nothing resolved, as core's own test mode answers (Verify.resolve when isDevEnv): the engine
  // then reports validation UNKNOWN. Its type promises a result the engine never relies on.
  const resolveNothing = async () => undefined
  client.core.verify.resolve = resolveNothing as unknown as typeof client.core.verify.resolve
  return client
}

/** Closes the client's socket and timers and forgets its Core, so the process can exit. */
export async function closeOfflineSignClient(client: OfflineSignClient): Promise<void> {
  await client.core.relayer.transportClose().catch(() => {})
  client.core.heartbeat.stop()
  const prefix = client.core.customStoragePrefix.replace(/^:/, '')
  const globals = globalThis as Record<string, unknown>
  delete globals[`_walletConnectCore_${prefix}`]
  delete globals[`_walletConnectCore_${prefix}_count`]
}
