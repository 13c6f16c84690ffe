import type { BalanceResponse, CaipNetworkId } from '@latch/protocol'
import { encodeBase58 } from '@latch/protocol/solana'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { LatchError } from '../../errors.ts'
import { type LatchStorage, STORAGE_KEYS } from '../../storage/index.ts'
import { createStore, selectStore } from '../../store.ts'
import { ChainNotSupportedError, UserRejectedError } from '../errors.ts'
import { type LinkedSession, relinkedSession } from '../linkedSession.ts'
import { nativeBalance } from '../nativeBalance.ts'
import type { CaipNetwork } from '../network.ts'
import type { ChainAdapter, ChainConnection, WalletOption } from '../types.ts'
import { type WalletRegistry, waitForRegistration } from '../walletRegistry.ts'
import { solanaTransferPreparation } from './prepareTransfer.ts'
import type { SolanaGatewayRpc } from './rpc.ts'
import type { SolanaSigner } from './transfer.ts'
import {
  type ConnectFeature,
  type DisconnectFeature,
  type EventsFeature,
  featureOf,
  isSolanaWallet,
  type SignAndSendTransactionFeature,
  type SignMessageFeature,
  type SignTransactionFeature,
  walletChainOf,
} from './walletStandard.ts'

export type SolanaAdapterDeps = {
  /** The site's Solana networks, in its order (at least one). */
  networks: readonly CaipNetwork[]
  wallets: WalletRegistry
  storage: LatchStorage
  /**
   * The server's balance route: SOL and SPL tokens of an address, from the server's cache (30 s)
   * unless `force` has it read the chain again.
   */
  balance(
    address: string,
    caipNetworkId: CaipNetworkId,
    options: { force: boolean },
  ): Promise<BalanceResponse>
  /** The server's JSON-RPC gateway for a Solana network (loaded with the first send). */
  rpc(caipNetworkId: CaipNetworkId): Promise<SolanaGatewayRpc>
  /** How long a reload waits for the last wallet to register before giving up on it. */
  reconnectWaitMs?: number
}

/** The Solana adapter's wallet ids: Wallet Standard wallets have a name and no other id. */
export const solanaWalletId = (wallet: Pick<Wallet, 'name'>) => `wallet-standard:${wallet.name}`

const toWalletOption = (wallet: Wallet): WalletOption => ({
  id: solanaWalletId(wallet),
  name: wallet.name,
  icon: wallet.icon,
  rdns: undefined,
  kind: 'announced',
})

/** Wallets decline with code 4001 (as EIP-1193 does) on the error or its cause. */
function rethrowRejection(error: unknown): never {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } }
  if (code === 4001 || cause?.code === 4001)
    throw new UserRejectedError('User rejected the request', { cause: error })
  throw error
}

type Session = { wallet: Wallet; account: WalletAccount; caipNetworkId: CaipNetworkId }
/** An account another family's session holds (WalletConnect, the embedded wallet). */

/**
 * The Solana family on the Wallet Standard: wallets found by `getWallets()`, connected with
 * standard:connect (silently again after a reload), followed through standard:events. Wallets
 * have no current network, so the kit keeps it: the one asked for, else the last one used.
 */
export function createSolanaAdapter(deps: SolanaAdapterDeps): ChainAdapter {
  const { storage } = deps
  const [firstNetwork] = deps.networks
  if (!firstNetwork) throw new LatchError('Latch needs at least one Solana network')
  const walletKey = STORAGE_KEYS.connectedConnectorId('solana')
  const networkKey = STORAGE_KEYS.activeNetworkId('solana')

  const solanaWallets = () => deps.wallets.get().filter(isSolanaWallet)
  const wallets = createStore({ list: solanaWallets().map(toWalletOption) })
  // A wallet of another chain registering changes nothing the modal lists.
  const refreshWallets = () => {
    const list = solanaWallets().map(toWalletOption)
    const listed = wallets.get().list
    const same =
      list.length === listed.length &&
      list.every(
        (option, index) => option.id === listed[index]?.id && option.icon === listed[index]?.icon,
      )
    if (!same) wallets.set({ list })
  }
  deps.wallets.on('register', refreshWallets)
  deps.wallets.on('unregister', refreshWallets)

  const connection = createStore<{ current: ChainConnection }>({
    current: { status: 'disconnected' },
  })
  let session: Session | undefined
  let linkedSession: LinkedSession | undefined
  let stopEvents: (() => void) | undefined

  const publish = () => {
    if (!session && linkedSession) {
      const { linked, caipNetworkId } = linkedSession
      connection.set({
        current: {
          status: 'connected',
          address: linked.address,
          caipNetworkId,
          caipAddress: `${caipNetworkId}:${linked.address}`,
          wallet: linked.wallet,
        },
      })
      return
    }
    if (!session) {
      connection.set({ current: { status: 'disconnected' } })
      return
    }
    const { wallet, account, caipNetworkId } = session
    connection.set({
      current: {
        status: 'connected',
        address: account.address,
        caipNetworkId,
        caipAddress: `${caipNetworkId}:${account.address}`,
        wallet: toWalletOption(wallet),
      },
    })
  }

  const end = () => {
    stopEvents?.()
    stopEvents = undefined
    session = undefined
    storage.removeItem(walletKey)
    publish()
  }

  const chainsOf = (wallet: Wallet, account?: WalletAccount) =>
    account && account.chains.length > 0 ? account.chains : wallet.chains
  const configured = (caipNetworkId: string | undefined) =>
    deps.networks.find((network) => network.caipNetworkId === caipNetworkId)

  /** The network to use: the one asked for, the last one used, else the first the wallet has. */
  const pickNetwork = (wallet: Wallet, account: WalletAccount, asked?: CaipNetworkId) => {
    const chains = chainsOf(wallet, account)
    const candidates = [configured(asked), configured(storage.getItem(networkKey) ?? undefined)]
    const usable = candidates.find(
      (network) => network && walletChainOf(chains, network.caipNetworkId),
    )
    return (
      usable ??
      deps.networks.find((network) => walletChainOf(chains, network.caipNetworkId)) ??
      firstNetwork
    ).caipNetworkId
  }

  /** Follows the wallet: another account shown, or none (the site's access was revoked). */
  const follow = (wallet: Wallet) => {
    const events = featureOf<EventsFeature, 'standard:events'>(wallet, 'standard:events')
    return events?.on('change', ({ accounts }) => {
      if (!session || session.wallet !== wallet || accounts === undefined) return
      const [account] = accounts
      if (!account) {
        end()
        return
      }
      if (account.address === session.account.address) return
      session = { ...session, account }
      publish()
    })
  }

  const open = async (wallet: Wallet, silent: boolean, asked?: CaipNetworkId) => {
    const connect = featureOf<ConnectFeature, 'standard:connect'>(wallet, 'standard:connect')
    if (!connect) throw new LatchError(`${wallet.name} cannot connect`)
    const { accounts } = await connect.connect(silent ? { silent: true } : undefined)
    const account =
      accounts.find((candidate) => candidate.chains.some((c) => c.startsWith('solana:'))) ??
      accounts[0]
    if (!account) return false
    stopEvents?.()
    session = { wallet, account, caipNetworkId: pickNetwork(wallet, account, asked) }
    stopEvents = follow(wallet)
    storage.setItem(walletKey, solanaWalletId(wallet))
    publish()
    return true
  }

  const findWallet = (walletId: string) =>
    solanaWallets().find((candidate) => solanaWalletId(candidate) === walletId)

  /** The stored wallet, waiting a moment for it to register when the page is still loading. */
  const waitForWallet = (walletId: string) =>
    waitForRegistration(deps.wallets, () => findWallet(walletId), deps.reconnectWaitMs ?? 1000)

  const linkedCode = () => import('./linkedSigner.ts')

  const connected = (): Session => {
    if (!session) throw new LatchError('No wallet is connected')
    return session
  }

  /** The account that pays for a transfer: the wallet's, else the linked one, on its network. */
  const sender = (): { owner: string; caipNetworkId: CaipNetworkId } => {
    if (!session && linkedSession)
      return { owner: linkedSession.linked.address, caipNetworkId: linkedSession.caipNetworkId }
    const { account, caipNetworkId } = connected()
    return { owner: account.address, caipNetworkId }
  }

  /** The connected wallet as a transaction signer: sign-and-send preferred, with the network. */
  const signerOf = ({ wallet, account, caipNetworkId }: Session): SolanaSigner => {
    const chain = walletChainOf(chainsOf(wallet, account), caipNetworkId) ?? caipNetworkId
    const signAndSend = featureOf<SignAndSendTransactionFeature, 'solana:signAndSendTransaction'>(
      wallet,
      'solana:signAndSendTransaction',
    )
    const sign = featureOf<SignTransactionFeature, 'solana:signTransaction'>(
      wallet,
      'solana:signTransaction',
    )
    return {
      address: account.address,
      ...(signAndSend
        ? {
            signAndSendTransaction: async (transaction) => {
              const [result] = await signAndSend
                .signAndSendTransaction({ account, transaction, chain })
                .catch(rethrowRejection)
              if (!result) throw new LatchError('The wallet sent no signature')
              return result.signature
            },
          }
        : {}),
      ...(sign
        ? {
            signTransaction: async (transaction) => {
              const [result] = await sign
                .signTransaction({ account, transaction, chain })
                .catch(rethrowRejection)
              if (!result) throw new LatchError('The wallet signed nothing')
              return result.signedTransaction
            },
          }
        : {}),
    }
  }

  return {
    namespace: 'solana',
    transferPreparation: solanaTransferPreparation,
    wallets: selectStore(wallets, (state) => state.list),
    connection: selectStore(connection, (state) => state.current),
    async connect(walletId, { caipNetworkId } = {}) {
      const wallet = findWallet(walletId)
      if (!wallet) throw new LatchError(`Wallet ${walletId} is not available in this browser`)
      connection.set({ current: { status: 'connecting', wallet: toWalletOption(wallet) } })
      try {
        if (!(await open(wallet, false, caipNetworkId)))
          throw new LatchError(`${wallet.name} shared no Solana account`)
      } catch (error) {
        publish()
        rethrowRejection(error)
      }
    },
    async disconnect() {
      const wallet = session?.wallet
      // A linked account ends with the session holding it too: the kit ends that one as well, or,
      // when only this family holds it, the account's own end does.
      const linked = linkedSession?.linked
      linkedSession = undefined
      end()
      const disconnect =
        wallet && featureOf<DisconnectFeature, 'standard:disconnect'>(wallet, 'standard:disconnect')
      await Promise.all([
        disconnect?.disconnect().catch(() => undefined),
        linked?.end?.().catch(() => undefined),
      ])
    },
    async reconnect() {
      const walletId = storage.getItem(walletKey)
      if (!walletId || session) return
      connection.set({ current: { status: 'reconnecting', wallet: undefined } })
      const wallet = await waitForWallet(walletId)
      // A wallet gone or no longer approving this site: the session ends quietly.
      const restored = wallet ? await open(wallet, true).catch(() => false) : false
      if (!restored) end()
    },
    async switchNetwork(caipNetworkId) {
      if (!configured(caipNetworkId))
        throw new LatchError(`${caipNetworkId} is not one of the site's networks`)
      if (!session && linkedSession) {
        const { linked } = linkedSession
        if (linked.chains.length > 0 && !linked.chains.includes(caipNetworkId))
          throw new ChainNotSupportedError({
            details: `${linked.wallet.name} has no ${caipNetworkId}`,
          })
        linkedSession = { linked, caipNetworkId }
        publish()
        return
      }
      const current = connected()
      if (!walletChainOf(chainsOf(current.wallet, current.account), caipNetworkId))
        throw new ChainNotSupportedError({
          details: `${current.wallet.name} has no ${caipNetworkId}`,
        })
      session = { ...current, caipNetworkId }
      publish()
    },
    getBalance: (caipAddress, { force = false } = {}) =>
      nativeBalance(deps.balance, caipAddress, { decimals: 9, symbol: 'SOL' }, force),
    async signMessage(message) {
      if (!session && linkedSession) {
        const { linked, caipNetworkId } = linkedSession
        return (await linkedCode()).linkedSignMessage(linked, caipNetworkId, message)
      }
      const { wallet, account } = connected()
      const feature = featureOf<SignMessageFeature, 'solana:signMessage'>(
        wallet,
        'solana:signMessage',
      )
      if (!feature) throw new LatchError(`${wallet.name} cannot sign messages`)
      const [signed] = await feature
        .signMessage({ account, message: new TextEncoder().encode(message) })
        .catch(rethrowRejection)
      if (!signed) throw new LatchError('The wallet signed nothing')
      return encodeBase58(signed.signature)
    },
    async sendTransfer(transfer) {
      const linked = !session ? linkedSession : undefined
      const current = linked ?? connected()
      const [{ sendSolanaTransfer }, rpc, signer] = await Promise.all([
        import('./transfer.ts'),
        deps.rpc(current.caipNetworkId),
        linked
          ? linkedCode().then((code) => code.linkedSigner(linked.linked, linked.caipNetworkId))
          : signerOf(connected()),
      ])
      return sendSolanaTransfer({ rpc, signer, caipNetworkId: current.caipNetworkId }, transfer)
    },
    async transferFee(transfer) {
      const { owner, caipNetworkId } = sender()
      const [{ solanaTransferFee }, rpc] = await Promise.all([
        import('./transferFee.ts'),
        deps.rpc(caipNetworkId),
      ])
      return solanaTransferFee(rpc, owner, transfer)
    },
    async waitForTransfer(sent) {
      const [{ waitForSolanaTransfer }, rpc] = await Promise.all([
        import('./transfer.ts'),
        deps.rpc(sent.caipNetworkId),
      ])
      return waitForSolanaTransfer({ rpc }, sent)
    },
    async signInMessage(fields) {
      const { solanaSignInMessage } = await import('./signIn.ts')
      return solanaSignInMessage(fields)
    },
    link(linked) {
      const next = relinkedSession(linkedSession, linked, {
        preferred: [configured(storage.getItem(networkKey) ?? undefined), ...deps.networks],
        inUse: configured,
        fallback: firstNetwork,
      })
      if (!next && !linkedSession) return
      linkedSession = next
      publish()
    },
  }
}
