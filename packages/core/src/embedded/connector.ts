import type { ConnectedUser, EmbeddedAccountType } from '@latch/protocol/frame'
import { FRAME_SIGN_OUT_TIMEOUT_MS } from '@latch/protocol/frame'
import type { CreateConnectorFn } from '@wagmi/core'
import type { Address } from 'viem'
import { LatchError } from '../errors.ts'
import { lazyCode } from '../lazy/lazyCode.ts'
import { settleWithin } from '../platform/timers.ts'
import { EMBEDDED_CONNECTOR_ID } from './connectorId.ts'
import type { EmbeddedProvider, EmbeddedProviderDeps, RequestArguments } from './provider.ts'
import { defaultTimers, type FrameClient, type Timers } from './types.ts'

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

/** A transaction whose fee a wallet may estimate itself. */
export type WalletFeeRequest = {
  from: `0x${string}`
  to: `0x${string}`
  value: bigint
  data?: `0x${string}`
  chainId: number
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
    const gateways = new Map<number, { request(args: RequestArguments): Promise<unknown> }>()

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
    const provider = lazyCode(async () => {
      const { createEmbeddedProvider } = await import('./provider.ts')
      return createEmbeddedProvider({
        user: () => user,
        chainId: () => chainId ?? chains[0].id,
        isSiteChain,
        switchChain: async (id) => {
          await switchTo(id)
        },
        gateway(id) {
          let gateway = gateways.get(id)
          if (!gateway) {
            const chain = chains.find((candidate) => candidate.id === id)
            const transport = config.transports?.[id]
            if (!chain || !transport) throw new LatchError('Chain is not supported')
            gateway = transport({ chain, retryCount: 0 })
            gateways.set(id, gateway)
          }
          return gateway
        },
        approve: options.approve,
        async walletCall(request) {
          const loaded = frame ?? (await loadFrame())
          return loaded.request('RPC_REQUEST', request)
        },
        capabilities: options.calls.capabilities,
        showCallsStatus: options.calls.showCallsStatus,
        // A smart account's first operation deploys it: the user is read again to say so.
        onLanded() {
          if (user?.preferredAccountType === 'smartAccount' && !user.smartAccountDeployed)
            void refreshUser().catch(() => {})
        },
        snackbar: options.snackbar,
        timers,
      })
    })

    function listen(loaded: FrameClient) {
      if (listening) return
      listening = true
      loaded.on('ACCOUNTS_CHANGED', ({ accounts }) => {
        // The whole user is read again (the account's type and state come with its address);
        // the address alone is taken when that fails.
        if (user) refreshUser().catch(() => onAccountsChanged(accounts))
      })
      loaded.on('CHAIN_CHANGED', ({ chainId: id }) => {
        if (user) onChainChanged(String(id))
      })
      loaded.on('NOTICE', ({ message }) => {
        if (user) options.onNotice(message)
      })
      loaded.on('SESSION_EXPIRED', () => {
        if (!user) return
        onDisconnect()
        options.onSessionExpired()
      })
    }

    return {
      id: EMBEDDED_CONNECTOR_ID,
      name: 'Email',
      type: 'latchEmbedded',

      user: () => user,
      walletInfo: () => options.walletInfo(),

      async estimateFee(transaction) {
        const smart = user?.accounts.find((account) => account.type === 'smartAccount')
        if (!smart || smart.address.toLowerCase() !== transaction.from.toLowerCase())
          return undefined
        const loaded = frame ?? (await loadFrame())
        const estimate = await loaded.request('ESTIMATE_FEE', {
          transaction: {
            from: transaction.from,
            to: transaction.to,
            value: `0x${transaction.value.toString(16)}`,
            ...(transaction.data ? { data: transaction.data } : {}),
          },
          chainId: transaction.chainId,
        })
        return estimate
          ? { gas: BigInt(estimate.gas), maxFeePerGas: BigInt(estimate.maxFeePerGas) }
          : undefined
      },

      async setPreferredAccountType(type) {
        if (!user) throw new LatchError('The embedded wallet is not connected')
        const loaded = frame ?? (await loadFrame())
        const next = await loaded.request('SET_PREFERRED_ACCOUNT', { type })
        applyUser({ ...next, chainId: chainId ?? next.chainId })
        return next
      },

      async connect({ chainId: wanted, isReconnecting } = {}) {
        const loaded = await loadFrame()
        if (isReconnecting) {
          const { isConnected } = await loaded.request('IS_CONNECTED', {})
          if (!isConnected) {
            options.setStoredSession(false)
            throw new LatchError('No embedded wallet session to restore')
          }
        }
        // The visitor's earlier choice of account type, kept by the kit, is the frame's too.
        const preferred = options.preferredAccountType()
        let current = await loaded.request(
          'GET_USER',
          preferred ? { preferredAccountType: preferred } : {},
        )
        // The wallet's key is the same on every chain: stay on the site's chains.
        const target =
          wanted !== undefined && isSiteChain(wanted)
            ? wanted
            : isSiteChain(current.chainId)
              ? current.chainId
              : chains[0].id
        if (target !== current.chainId) {
          await loaded.request('SWITCH_NETWORK', { chainId: target })
          // The smart account is the chain's: the user as they are there.
          current = await loaded.request('GET_USER', { chainId: target })
        }
        chainId = target
        listen(loaded)
        options.setStoredSession(true)
        setUser(current)
        // biome-ignore lint/suspicious/noExplicitAny: wagmi types accounts by its withCapabilities flag
        return { accounts: [current.address] as any, chainId: target }
      },

      async disconnect() {
        const loaded = frame
        options.setStoredSession(false)
        setUser(undefined)
        if (!loaded) return
        // Sign-out waits for the frame at most 3 s; the session is forgotten here anyway.
        await settleWithin(
          loaded.request(
            'SIGN_OUT',
            {},
            { timeoutMs: FRAME_SIGN_OUT_TIMEOUT_MS, alertOnTimeout: false },
          ),
          FRAME_SIGN_OUT_TIMEOUT_MS,
          timers,
        )
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

      async isAuthorized() {
        if (!options.hasStoredSession()) return false
        try {
          const loaded = await loadFrame()
          const { isConnected } = await loaded.request('IS_CONNECTED', {})
          // A session that is gone means disconnected, with nothing to tell the visitor.
          if (!isConnected) options.setStoredSession(false)
          return isConnected
        } catch {
          return false
        }
      },

      async switchChain({ chainId: id }) {
        return switchTo(id)
      },

      onAccountsChanged,
      onChainChanged,
      onDisconnect,
    }
  }
}
