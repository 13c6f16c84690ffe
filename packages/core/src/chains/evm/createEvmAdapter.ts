import {
  type Config,
  type Connector,
  type CreateConnectorFn,
  connect,
  createConfig,
  createStorage,
  disconnect,
  getConnection,
  hydrate,
  injected,
  type SendTransactionParameters,
  watchConnection,
  watchConnectors,
} from '@wagmi/core'
import type { Address, Chain, Hex, Transport } from 'viem'
import type { EmbeddedConnectorProperties } from '../../embedded/connector.ts'
import { EMBEDDED_CONNECTOR_ID } from '../../embedded/connectorId.ts'
import { LatchError } from '../../errors.ts'
import { createStore, selectStore } from '../../store.ts'
import type { ChainAdapter } from '../types.ts'
import { atomicBatch, type EvmCall } from './atomicBatch.ts'
import { connectionOf } from './connectionOf.ts'
import { rethrowRejection } from './errors.ts'
import { lazyHttp } from './lazyHttp.ts'
import { evmTransferPreparation } from './prepareTransfer.ts'
import { type Eip1193Requester, switchOrAddChain } from './switchNetwork.ts'
import {
  WALLETCONNECT_CONNECTOR_ID,
  type WalletConnectConnectorOptions,
  type WalletConnectConnectorProperties,
  walletConnectConnector,
} from './walletconnect/connector.ts'
import { listWallets } from './walletOptions.ts'

export type EvmAdapterOptions = {
  chains: readonly [Chain, ...Chain[]]
  /** Per chain id; default: HTTP to the chain's first RPC URL. */
  transports?: Record<number, Transport>
  /** List wallets that announce themselves by EIP-6963 (default true). */
  enableEIP6963?: boolean
  /** Offer window.ethereum when no wallet announces itself (default true). */
  enableInjected?: boolean
  /** Where wagmi keeps the connection between visits; failures are the storage's to swallow. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  /** Adds the WalletConnect connector (its code loads on first use). */
  walletConnect?: WalletConnectConnectorOptions
  /**
   * Adds the embedded wallet's connector (email and social login): the kit's stand-in
   * (createLazyEmbedded), which answers wagmi's start-up questions and loads `embeddedConnector`
   * once the wallet is in use.
   */
  embedded?: CreateConnectorFn
}

export type EvmAdapter = Omit<ChainAdapter, 'namespace' | 'signMessage'> & {
  readonly namespace: 'eip155'
  /** The wagmi config, so a site can use wagmi's hooks and actions alongside the modal. */
  readonly wagmiConfig: Config
  /** Pairing and the peer wallet of WalletConnect, when the site configured it. */
  readonly walletConnect: WalletConnectConnectorProperties | undefined
  /** Asks the connected wallet to sign `message` (EIP-191); resolves with the signature. */
  signMessage(message: string): Promise<Hex>
  /** Asks the connected wallet to send a transaction on its current chain; resolves with the hash. */
  sendTransaction(transaction: { to: Address; value?: bigint; data?: Hex }): Promise<Hex>
  /**
   * Whether the connected wallet sends a batch of calls atomically on `chainId`, as its EIP-5792
   * capabilities say (a smart account does); false for a wallet that does not answer them.
   */
  supportsAtomicBatch(chainId: number): Promise<boolean>
  /** Asks the connected wallet to send `calls` as one atomic batch (wallet_sendCalls): its id. */
  sendAtomicBatch(calls: readonly EvmCall[], chainId: number): Promise<string>
  /**
   * Waits until a batch landed: whether its calls succeeded, and the transaction that carried it
   * (the last one, when the wallet sent several).
   */
  waitForBatch(id: string): Promise<{ success: boolean; transactionHash: Hex | undefined }>
  /** Waits until the transaction is mined; `success` is false when it reverted. */
  waitForTransaction(
    hash: Hex,
    chainId?: number,
  ): Promise<{ success: boolean; blockNumber: bigint }>
  /**
   * Gas of a transaction from `from` (read through the site's RPC, not the wallet) and the highest
   * price per gas it may pay: gas x that price is what the node checks the balance against.
   */
  estimateFee(transaction: {
    from: Address
    to: Address
    value: bigint
    data?: Hex
    chainId: number
  }): Promise<{ gas: bigint; maxFeePerGas: bigint }>
}

export type { EvmCall } from './atomicBatch.ts'

/**
 * The chain id of an EVM network's CAIP-2 id (`eip155:31337` is 31337). The same reading as
 * serves.ts's evmChainIdOf, written here: importing that module from this chunk split it into a
 * file of its own, one more request before the page's button works.
 */
const evmChainId = (caipNetworkId: string) =>
  Number(caipNetworkId.slice(caipNetworkId.indexOf(':') + 1))

/** Whether the page has the legacy window.ethereum provider. */
const hasLegacy = () =>
  typeof window !== 'undefined' && 'ethereum' in window && window.ethereum !== undefined

/** The EVM chain adapter on @wagmi/core + viem: EIP-6963 discovery, connect, switch, balances. */
export function createEvmAdapter(options: EvmAdapterOptions): EvmAdapter {
  const transports = Object.fromEntries(
    options.chains.map((chain) => [
      chain.id,
      options.transports?.[chain.id] ?? lazyHttp(chain.rpcUrls.default.http[0] ?? ''),
    ]),
  )
  const config = createConfig({
    chains: options.chains,
    transports,
    connectors: [
      ...(options.enableInjected === false ? [] : [injected()]),
      ...(options.walletConnect ? [walletConnectConnector(options.walletConnect)] : []),
      ...(options.embedded ? [options.embedded] : []),
    ],
    multiInjectedProviderDiscovery: options.enableEIP6963 !== false,
    storage: createStorage({
      key: 'latch.wagmi',
      storage: options.storage ?? { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    }),
    // The modal restores the session itself (reconnect()), never at import: SSR-safe.
    ssr: true,
  })

  const wallets = createStore({ list: listWallets(config.connectors, hasLegacy) })
  watchConnectors(config, {
    onChange: (connectors) => wallets.set({ list: listWallets(connectors, hasLegacy) }),
  })

  // The kit's own connects in flight: only they show wagmi's 'connecting' (connectionOf).
  let ownConnects = 0
  const snapshot = () => connectionOf(getConnection(config), ownConnects)
  const connection = createStore({ current: snapshot() })
  const refresh = () => connection.set({ current: snapshot() })
  watchConnection(config, { onChange: refresh })

  const walletConnect = config.connectors.find(
    (connector) => connector.id === WALLETCONNECT_CONNECTOR_ID,
  ) as (Connector & WalletConnectConnectorProperties) | undefined

  const findConnector = (walletId: string) => {
    const connector = config.connectors.find((candidate) => candidate.id === walletId)
    if (!connector) throw new LatchError(`Wallet ${walletId} is not available in this browser`)
    return connector
  }

  async function sendTransaction({ to, value, data }: { to: Address; value?: bigint; data?: Hex }) {
    // wagmi's parameter type is a union over transaction types the compiler cannot narrow here.
    const request = { to, value, data } as SendTransactionParameters
    const { sendTransaction } = await import('./actions.ts')
    return sendTransaction(config, request).catch(rethrowRejection)
  }

  async function waitForTransaction(hash: Hex, chainId?: number) {
    const { waitForTransactionReceipt } = await import('./actions.ts')
    const receipt = await waitForTransactionReceipt(config, {
      hash,
      ...(chainId !== undefined ? { chainId } : {}),
    })
    return { success: receipt.status === 'success', blockNumber: receipt.blockNumber }
  }

  return {
    namespace: 'eip155',
    transferPreparation: evmTransferPreparation,
    wagmiConfig: config,
    walletConnect: walletConnect && {
      pair: (onUri) => walletConnect.pair(onUri),
      peer: () => walletConnect.peer(),
      abandon: () => walletConnect.abandon(),
      solanaAccount: () => walletConnect.solanaAccount(),
      polkadotAccount: () => walletConnect.polkadotAccount(),
      namespaces: () => walletConnect.namespaces(),
      onSolanaAccountChange: (listener) => walletConnect.onSolanaAccountChange(listener),
      onPolkadotAccountChange: (listener) => walletConnect.onPolkadotAccountChange(listener),
      endSession: () => walletConnect.endSession(),
      request: (call, chain) => walletConnect.request(call, chain),
    },
    wallets: selectStore(wallets, (state) => state.list),
    connection: selectStore(connection, (state) => state.current),
    async connect(walletId, { caipNetworkId } = {}) {
      const connector = findConnector(walletId)
      const chainId = caipNetworkId ? evmChainId(caipNetworkId) : undefined
      ownConnects += 1
      try {
        await connect(config, { connector, ...(chainId ? { chainId } : {}) }).catch(
          rethrowRejection,
        )
      } finally {
        ownConnects -= 1
        refresh()
      }
    },
    async disconnect() {
      await disconnect(config)
    },
    async switchNetwork(caipNetworkId) {
      const chainId = evmChainId(caipNetworkId)
      const chain = options.chains.find((candidate) => candidate.id === chainId)
      if (!chain) throw new LatchError(`Chain ${chainId} is not one of the site's networks`)
      const { connector, status } = getConnection(config)
      if (status !== 'connected' || !connector) throw new LatchError('No wallet is connected')
      // The session's namespaces decide what a WalletConnect wallet can switch to; no add-chain.
      // The embedded wallet is on every chain of the site already.
      const ownSwitch =
        connector.id === WALLETCONNECT_CONNECTOR_ID || connector.id === EMBEDDED_CONNECTOR_ID
      if (ownSwitch && connector.switchChain) {
        await connector.switchChain({ chainId }).catch(rethrowRejection)
        return
      }
      const provider = (await connector.getProvider()) as Eip1193Requester
      await switchOrAddChain(provider, chain)
    },
    async reconnect() {
      // With ssr on, wagmi waits for this mount step to read storage, list the EIP-6963 wallets
      // announced so far and restore the last session.
      await hydrate(config, { reconnectOnMount: true }).onMount()
    },
    async signMessage(message) {
      const { signMessage } = await import('./actions.ts')
      return signMessage(config, { message }).catch(rethrowRejection)
    },
    sendTransaction,
    async sendTransfer(transfer) {
      const current = getConnection(config)
      if (current.status !== 'connected') throw new LatchError('No wallet is connected')
      // The ERC-20 encoder loads with the first transfer.
      const { transferTransaction } = await import('./transferTransaction.ts')
      const hash = await sendTransaction(transferTransaction(transfer))
      return { id: hash, caipNetworkId: `eip155:${current.chainId}` }
    },
    async waitForTransfer({ id, caipNetworkId }) {
      return waitForTransaction(id as Hex, evmChainId(caipNetworkId))
    },
    async signInMessage(fields) {
      const { signInMessage } = await import('./signInMessage.ts')
      return signInMessage(fields)
    },
    waitForTransaction,
    ...atomicBatch(config),
    async estimateFee(transaction) {
      // A wallet that sends otherwise than as a plain transaction (the embedded wallet's smart
      // account: a user operation) says what it costs; the chain estimates any other.
      const connector = getConnection(config).connector as
        | (Connector & Partial<Pick<EmbeddedConnectorProperties, 'estimateFee'>>)
        | undefined
      const own = await connector?.estimateFee?.(transaction)
      if (own) return own
      const { estimateFee } = await import('./actions.ts')
      return estimateFee(config, transaction)
    },
    async getBalance(caipAddress) {
      // `eip155:<chainId>:<address>`
      const [, reference, address = ''] = caipAddress.split(':')
      const chainId = Number(reference)
      // eth_getBalance itself: viem's getBalance action brings multicall's ABI coder (about 15 KiB
      // gzip) into the page for a block-hash form the kit never uses.
      const client = config.getClient({ chainId })
      const value = await client.request({
        method: 'eth_getBalance',
        params: [address as Address, 'latest'],
      })
      const { nativeCurrency } = client.chain
      return {
        value: BigInt(value),
        decimals: nativeCurrency.decimals,
        symbol: nativeCurrency.symbol,
      }
    },
  }
}
