import type { ConnectedUser, EmbeddedAccountType } from '@latch/protocol/frame'
import type { CreateConnectorFn } from '@wagmi/core'
import type { Address } from 'viem'
import { LatchError } from '../errors.ts'
import { lazyCode } from '../lazy/lazyCode.ts'
import { createGateways } from './connectorChain.ts'
import { EMBEDDED_CONNECTOR_ID } from './connectorId.ts'
import { followFrame } from './followFrame.ts'
import { openSession, sessionStillOpen, signOut } from './frameSession.ts'
import type { EmbeddedProvider, EmbeddedProviderDeps } from './provider.ts'
import { smartAccountFee, type WalletFeeRequest } from './smartAccountFee.ts'
import { defaultTimers, type FrameClient, type Timers } from './types.ts'

export type { WalletFeeRequest }
export { EMBEDDED_CONNECTOR_ID }

export type EmbeddedConnectorOptions = {
  /** The frame client, mounted; loaded (a separate chunk) on first need. */
  frame(): Promise<FrameClient>
  approve: EmbeddedProviderDeps['approve']
  snackbar: EmbeddedProviderDeps['snackbar']
  /** Whether an earlier visit left an embedded session: only then is the frame loaded at start. */
  hasStoredSession(): boolean
  setStoredSession(stored: boolean): void
  /** The user behind the session changed: connected, another chain, or signed out (undefined). */
  onUser(user: ConnectedUser | undefined): void
  /** The frame said the session is gone (expired or revoked). */
  onSessionExpired(): void
  /** The frame has something the visitor should know of a request that went through. */
  onNotice(message: string): void
  /** How the connection is named: 'Email', or the social provider's name. */
  walletInfo(): { name: string; icon?: string }
  /** The EVM account type the visitor chose on an earlier visit (the kit's storage), if any. */
  preferredAccountType(): EmbeddedAccountType | undefined
  /** What the provider answers of the wallet's EIP-5792 capabilities and batch status screen. */
  calls: Pick<EmbeddedProviderDeps, 'capabilities' | 'showCallsStatus'>
  timers?: Timers
}

export type EmbeddedConnectorProperties = {
  /** The connected user, once connected. */
  user(): ConnectedUser | undefined
  walletInfo(): { name: string; icon?: string }
  /**
   * Acts with the smart account or the owner EOA from now on; resolves once the connection's
   * address is that account's.
   */
  setPreferredAccountType(type: EmbeddedAccountType): Promise<ConnectedUser>
  /**
   * The gas and highest price per gas of a transaction from the user's smart account (its user
   * operation, as the server's bundler estimates it); undefined for any other sender, which the
   * chain estimates as for any wallet.
   */
  estimateFee(
    transaction: WalletFeeRequest,
  ): Promise<{ gas: bigint; maxFeePerGas: bigint } | undefined>
}

/**
 * A wagmi connector for the embedded wallet (email and social login). Its provider answers
 * accounts and chain from the session, sends read calls to the gateway, and signing calls to the
 * frame through the approval view, so the visitor sees and approves each one.
 */
export function embeddedConnector(
  options: EmbeddedConnectorOptions,
): CreateConnectorFn<EmbeddedProvider, EmbeddedConnectorProperties> {
  const timers = options.timers ?? defaultTimers
  let user: ConnectedUser | undefined
  let chainId: number | undefined
  let frame: FrameClient | undefined
  let listening = false

  // wagmi's createConnector only returns its argument: written out, the chunk needs none of wagmi.
  return (config) => {
    const chains = config.chains
    const isSiteChain = (id: number) => chains.some((chain) => chain.id === id)
    const gateway = createGateways(chains, config.transports)

    const loadFrame = async () => {
      frame = await options.frame()
      return frame
    }

    const setUser = (next: ConnectedUser | undefined) => {
      user = next
      options.onUser(next)
    }

    /** A new reading of the connected user: wagmi and the site hear of a new address. */
    const applyUser = (next: ConnectedUser) => {
      const moved = user !== undefined && user.address !== next.address
      setUser(next)
      if (!moved) return
      config.emitter.emit('change', { accounts: [next.address] })
      provider.current()?.emit('accountsChanged', [next.address])
    }

    /** Reads the user again (after a send, or when the frame says the account changed). */
    async function refreshUser(): Promise<void> {
      if (!user || !frame) return
      const next = await frame.request('GET_USER', { chainId: chainId ?? chains[0].id })
      if (user) applyUser(next)
    }

    const onAccountsChanged = (accounts: string[]) => {
      const [address] = accounts
      if (!address) {
        onDisconnect()
        return
      }
      if (user) setUser({ ...user, address: address as Address })
      config.emitter.emit('change', { accounts: accounts as Address[] })
      provider.current()?.emit('accountsChanged', accounts)
    }
    const onChainChanged = (chain: string) => {
      const id = Number(chain)
      if (!isSiteChain(id) || id === chainId) return
      chainId = id
      if (user) setUser({ ...user, chainId: id })
      config.emitter.emit('change', { chainId: id })
      provider.current()?.emit('chainChanged', `0x${id.toString(16)}`)
    }
    const onDisconnect = () => {
      options.setStoredSession(false)
      setUser(undefined)
      config.emitter.emit('disconnect')
      provider.current()?.emit('disconnect', undefined)
    }

    async function switchTo(id: number) {
      const chain = chains.find((candidate) => candidate.id === id)
      if (!chain) throw new LatchError('Chain is not supported')
      const loaded = frame ?? (await loadFrame())
      await loaded.request('SWITCH_NETWORK', { chainId: id })
      onChainChanged(String(id))
      // A smart account is the chain's own (deployed there or not): the user as they are there.
      if (user?.accounts.some((account) => account.type === 'smartAccount'))
        await refreshUser().catch(() => {})
      return chain
    }

    // The EIP-1193 provider loads when wagmi first asks for it (connecting or restoring a session);
    // until then nobody listens to its events.
    const provider = lazyProvider(options, {
      user: () => user,
      chainId: () => chainId ?? chains[0].id,
      isSiteChain,
      switchChain: async (id) => {
        await switchTo(id)
      },
      gateway,
      frame: async () => frame ?? (await loadFrame()),
      refreshUser,
      timers,
    })

    function listen(loaded: FrameClient) {
      if (listening) return
      listening = true
      followFrame(loaded, {
        connected: () => user !== undefined,
        refreshUser,
        accountsChanged: onAccountsChanged,
        chainChanged: onChainChanged,
        notice: options.onNotice,
        expired() {
          onDisconnect()
          options.onSessionExpired()
        },
      })
    }

    return {
      id: EMBEDDED_CONNECTOR_ID,
      name: 'Email',
      type: 'latchEmbedded',

      user: () => user,
      walletInfo: () => options.walletInfo(),

      estimateFee: (transaction) =>
        smartAccountFee(user, transaction, async () => frame ?? (await loadFrame())),

      async setPreferredAccountType(type) {
        if (!user) throw new LatchError('The embedded wallet is not connected')
        const loaded = frame ?? (await loadFrame())
        const next = await loaded.request('SET_PREFERRED_ACCOUNT', { type })
        applyUser({ ...next, chainId: chainId ?? next.chainId })
        return next
      },

      async connect({ chainId: wanted, isReconnecting } = {}) {
        const loaded = await loadFrame()
        const opened = await openSession(
          loaded,
          { wanted, isReconnecting },
          {
            ...options,
            isSiteChain,
            firstChain: chains[0].id,
          },
        )
        chainId = opened.chainId
        listen(loaded)
        options.setStoredSession(true)
        setUser(opened.user)
        // biome-ignore lint/suspicious/noExplicitAny: wagmi types accounts by its withCapabilities flag
        return { accounts: [opened.user.address] as any, chainId: opened.chainId }
      },

      async disconnect() {
        const loaded = frame
        options.setStoredSession(false)
        setUser(undefined)
        // The session is forgotten here whatever the frame answers.
        if (loaded) await signOut(loaded, timers)
      },

      async getAccounts() {
        return user ? [user.address] : []
      },

      async getChainId() {
        return chainId ?? chains[0].id
      },

      async getProvider() {
        // Whether it is in use (wagmi asks every connector at start) is the stand-in's question
        // (createLazyEmbedded): it calls this only for a wallet in use.
        return provider.load()
      },

      isAuthorized: () => sessionStillOpen(loadFrame, options),

      async switchChain({ chainId: id }) {
        return switchTo(id)
      },

      onAccountsChanged,
      onChainChanged,
      onDisconnect,
    }
  }
}

/**
 * The EIP-1193 provider, loaded when wagmi first asks for it (connecting or restoring a session):
 * until then nobody listens to its events. Signing calls go to the frame's approval screen.
 */
function lazyProvider(
  options: EmbeddedConnectorOptions,
  session: Pick<
    EmbeddedProviderDeps,
    'user' | 'chainId' | 'isSiteChain' | 'switchChain' | 'gateway' | 'timers'
  > & {
    frame(): Promise<FrameClient>
    refreshUser(): Promise<void>
  },
) {
  const { frame, refreshUser, ...deps } = session
  return lazyCode(async () => {
    const { createEmbeddedProvider } = await import('./provider.ts')
    return createEmbeddedProvider({
      ...deps,
      approve: options.approve,
      walletCall: async (request) => (await frame()).request('RPC_REQUEST', request),
      capabilities: options.calls.capabilities,
      showCallsStatus: options.calls.showCallsStatus,
      // A smart account's first operation deploys it: the user is read again to say so.
      onLanded() {
        const user = deps.user()
        if (user?.preferredAccountType === 'smartAccount' && !user.smartAccountDeployed)
          void refreshUser().catch(() => {})
      },
      snackbar: options.snackbar,
    })
  })
}
