import type { CreateConnectorFn } from '@wagmi/core'
import { LatchError } from '../errors.ts'
import { lazyCode } from '../lazy/lazyCode.ts'
import type { EmbeddedConnectorProperties } from './connector.ts'
import { EMBEDDED_CONNECTOR_ID } from './connectorId.ts'
import type { EmbeddedProvider } from './provider.ts'

/** What the stand-in reads of the kit's embedded wallet (createLazyEmbedded). */
export type EmbeddedStandIn = {
  walletInfo: EmbeddedConnectorProperties['walletInfo']
  /** Whether an earlier visit left a session: only then does wagmi's start-up load the code. */
  hasStoredSession(): boolean
  /** The real connector (the frame, the approval flow), loaded on first need. */
  loadConnector(): Promise<CreateConnectorFn<EmbeddedProvider, EmbeddedConnectorProperties>>
}

/**
 * The embedded wallet's wagmi connector as the EVM family registers it: it answers wagmi's start-up
 * questions (not authorized, no provider) without loading anything for a visitor without a
 * session, and hands every call to the real connector once that is in use. It lives in the EVM
 * family's chunk, so a page without EVM networks carries none of it.
 */
export function standInConnector(
  standIn: EmbeddedStandIn,
): CreateConnectorFn<EmbeddedProvider, EmbeddedConnectorProperties> {
  // wagmi's createConnector only returns its argument; written out so this module needs none of
  // wagmi's code.
  return (config) => {
    // The real connector, on the same wagmi config (its events reach wagmi through this one).
    const real = lazyCode(async () => (await standIn.loadConnector())(config))
    const loaded = () => real.current()
    const inUse = () => loaded() !== undefined || standIn.hasStoredSession()
    return {
      id: EMBEDDED_CONNECTOR_ID,
      name: 'Email',
      type: 'latchEmbedded',
      user: () => loaded()?.user(),
      walletInfo: standIn.walletInfo,
      async setPreferredAccountType(type) {
        return (await real.load()).setPreferredAccountType(type)
      },
      // Only a connected embedded wallet has a user to estimate for: nothing loads for it.
      estimateFee: async (transaction) => loaded()?.estimateFee(transaction),
      async connect(parameters) {
        return (await real.load()).connect(parameters)
      },
      async disconnect() {
        await loaded()?.disconnect()
      },
      async getAccounts() {
        return (await loaded()?.getAccounts()) ?? []
      },
      async getChainId() {
        return (await loaded()?.getChainId()) ?? config.chains[0].id
      },
      async getProvider(parameters) {
        // wagmi asks every connector for its provider at start: nothing loads for a visitor
        // without a session.
        if (!inUse()) throw new LatchError('The embedded wallet is not in use')
        return (await real.load()).getProvider(parameters)
      },
      async isAuthorized() {
        if (!inUse()) return false
        return (await real.load()).isAuthorized()
      },
      async switchChain(parameters) {
        const connector = await real.load()
        if (!connector.switchChain) throw new LatchError('Chain is not supported')
        return connector.switchChain(parameters)
      },
      onAccountsChanged: (accounts) => loaded()?.onAccountsChanged(accounts),
      onChainChanged: (chain) => loaded()?.onChainChanged(chain),
      onDisconnect: (error) => loaded()?.onDisconnect(error),
    }
  }
}
