import type { BalanceResponse, CaipNetworkId } from '@latch/protocol'
import { decodeBitcoinAddress } from '@latch/protocol/bitcoin'
import {
  BITCOIN_MAINNET,
  BITCOIN_REGTEST,
  BITCOIN_TESTNET,
  type BitcoinNetworkKind,
  bitcoinNetworkKind,
} from '@latch/protocol/bitcoin-networks'
import type { Wallet } from '@wallet-standard/base'
import { LatchError } from '../../errors.ts'
import { type LatchStorage, STORAGE_KEYS } from '../../storage/index.ts'
import { createStore, selectStore } from '../../store.ts'
import { ChainNotSupportedError } from '../errors.ts'
import { nativeBalance } from '../nativeBalance.ts'
import type { CaipNetwork } from '../network.ts'
import type {
  ChainAdapter,
  ChainConnection,
  FamilyAccount,
  FeeRates,
  Transfer,
  WalletOption,
} from '../types.ts'
import { type WalletRegistry, waitForRegistration } from '../walletRegistry.ts'
import type { AddressPurpose, BitcoinAccount, BitcoinWallet } from './bitcoinWallet.ts'
import type { EsploraGateway } from './esplora.ts'
import { bitcoinTransferPreparation } from './prepareTransfer.ts'
import {
  fromSatsConnect,
  providerAt,
  type SatsConnectProviderInfo,
  satsConnectProviders,
} from './satsConnectWallet.ts'
import { fromStandardWallet } from './standardWallet.ts'
import { isBitcoinStandardWallet } from './walletStandard.ts'

export type BitcoinAdapterDeps = {
  /** The site's Bitcoin networks, in its order (at least one). */
  networks: readonly CaipNetwork[]
  wallets: WalletRegistry
  /** Where sats-connect wallets put their providers: the page's `window`; none on a server. */
  scope: object | undefined
  storage: LatchStorage
  /** The server's balance route (its cached copy unless `force`). */
  balance(
    address: string,
    caipNetworkId: CaipNetworkId,
    options: { force: boolean },
  ): Promise<BalanceResponse>
  /** The server's Bitcoin gateway for a network: coins, transaction status, broadcast. */
  gateway(caipNetworkId: CaipNetworkId): EsploraGateway
  /** The network's slow, normal and fast fee rates from the server. */
  feeRates(caipNetworkId: CaipNetworkId): Promise<FeeRates>
  /** How long a reload waits for the last wallet to register before giving up on it. */
  reconnectWaitMs?: number
  /** How the wait for a block polls; the defaults suit Bitcoin's ten-minute blocks. */
  confirmation?: { pollMs?: number; timeoutMs?: number }
}

type Session = {
  wallet: BitcoinWallet
  accounts: BitcoinAccount[]
  /** The active address: the payment one unless the visitor picked another. */
  active: string
  caipNetworkId: CaipNetworkId
}

type StoredAccounts = { accounts: { address: string; purpose: AddressPurpose }[]; active: string }
const isStoredAccounts = (value: unknown): value is StoredAccounts => {
  const stored = value as Partial<StoredAccounts> | null
  return (
    typeof stored?.active === 'string' &&
    Array.isArray(stored.accounts) &&
    stored.accounts.every(
      (entry) => typeof entry?.address === 'string' && typeof entry.purpose === 'string',
    )
  )
}

/** Each address kind's public network, for a wallet on a network the site does not offer. */
const NETWORK_OF_KIND: Record<BitcoinNetworkKind, CaipNetworkId> = {
  mainnet: BITCOIN_MAINNET,
  testnet: BITCOIN_TESTNET,
  regtest: BITCOIN_REGTEST,
}

const toWalletOption = (wallet: BitcoinWallet): WalletOption => ({
  id: wallet.id,
  name: wallet.name,
  icon: wallet.icon,
  rdns: undefined,
  kind: 'announced',
})

const sameName = (name: string) => name.trim().toLowerCase()

/**
 * The Bitcoin family: wallets found through the Bitcoin Wallet Standard and sats-connect (one
 * entry per wallet, the Wallet Standard's when it speaks both), their payment and ordinals
 * addresses with the purposes the wallet gives them (payment active unless the visitor picks
 * another), the network told by the addresses' encoding, balances through the server, and
 * transfers as PSBTs the wallet signs (loaded with the first one).
 */
export function createBitcoinAdapter(deps: BitcoinAdapterDeps): ChainAdapter {
  const { storage } = deps
  const [firstNetwork] = deps.networks
  if (!firstNetwork) throw new LatchError('Latch needs at least one Bitcoin network')
  const walletKey = STORAGE_KEYS.connectedConnectorId('bip122')
  const networkKey = STORAGE_KEYS.activeNetworkId('bip122')

  // One wrapper per wallet, so what it learnt of its accounts lasts across lookups.
  const standardWrappers = new WeakMap<Wallet, BitcoinWallet>()
  const satsWrappers = new Map<string, BitcoinWallet>()
  const satsWallet = (info: SatsConnectProviderInfo) => {
    const known = satsWrappers.get(info.id)
    if (known) return known
    const provider = deps.scope && providerAt(deps.scope, info.id)
    if (!provider) return undefined
    const wallet = fromSatsConnect(info, provider)
    satsWrappers.set(info.id, wallet)
    return wallet
  }
  /** The Bitcoin wallets in the page, a wallet speaking both protocols once (its Wallet Standard). */
  const discover = (): BitcoinWallet[] => {
    const standard = deps.wallets
      .get()
      .filter(isBitcoinStandardWallet)
      .map((wallet) => {
        const known = standardWrappers.get(wallet) ?? fromStandardWallet(wallet)
        standardWrappers.set(wallet, known)
        return known
      })
    const names = new Set(standard.map((wallet) => sameName(wallet.name)))
    const sats = (deps.scope ? satsConnectProviders(deps.scope) : [])
      .filter((info) => !names.has(sameName(info.name)))
      .flatMap((info) => satsWallet(info) ?? [])
    return [...standard, ...sats]
  }

  const wallets = createStore({ list: discover().map(toWalletOption) })
  const refreshWallets = () => {
    const list = discover().map(toWalletOption)
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
  // Extensions may add their sats-connect provider after the kit started.
  const events = deps.scope as Partial<Pick<Window, 'addEventListener'>> | undefined
  events?.addEventListener?.('load', refreshWallets)

  const connection = createStore<{ current: ChainConnection }>({
    current: { status: 'disconnected' },
  })
  const accountList = createStore<{ list: FamilyAccount[] }>({ list: [] })
  let session: Session | undefined
  let stopEvents: (() => void) | undefined

  const publish = () => {
    if (!session) {
      connection.set({ current: { status: 'disconnected' } })
      accountList.set({ list: [] })
      return
    }
    const { wallet, accounts, active, caipNetworkId } = session
    accountList.set({
      list: accounts.map(({ address, purpose }) => ({ address, purpose })),
    })
    connection.set({
      current: {
        status: 'connected',
        address: active,
        caipNetworkId,
        caipAddress: `${caipNetworkId}:${active}`,
        wallet: toWalletOption(wallet),
      },
    })
  }

  const save = () => {
    if (!session) return
    storage.setItem(walletKey, session.wallet.id)
    storage.setJson(STORAGE_KEYS.bitcoinAccounts, {
      accounts: session.accounts.map(({ address, purpose }) => ({ address, purpose })),
      active: session.active,
    } satisfies StoredAccounts)
  }

  const end = () => {
    stopEvents?.()
    stopEvents = undefined
    session = undefined
    storage.removeItem(walletKey)
    storage.removeItem(STORAGE_KEYS.bitcoinAccounts)
    publish()
  }

  const configured = (caipNetworkId: string | undefined) =>
    deps.networks.find((network) => network.caipNetworkId === caipNetworkId)
  const paymentOf = (accounts: readonly BitcoinAccount[]) =>
    accounts.find((account) => account.purpose === 'payment') ?? accounts[0]
  const kindOf = (address: string) => decodeBitcoinAddress(address)?.networks[0]

  /**
   * The network of the wallet's addresses: the one asked for, else the last one used, else the
   * site's first of that kind; a kind the site has no network for is its public network, which the
   * kit then shows as unsupported.
   */
  const pickNetwork = (accounts: readonly BitcoinAccount[], asked?: CaipNetworkId) => {
    const payment = paymentOf(accounts)
    const kind = payment && kindOf(payment.address)
    if (!kind) return firstNetwork.caipNetworkId
    const candidates = [
      configured(asked),
      configured(storage.getItem(networkKey)),
      ...deps.networks,
    ]
    const usable = candidates.find(
      (network) => network && bitcoinNetworkKind(network.caipNetworkId) === kind,
    )
    return usable?.caipNetworkId ?? NETWORK_OF_KIND[kind]
  }

  const storedAccounts = () => storage.getJson(STORAGE_KEYS.bitcoinAccounts, isStoredAccounts)

  /** Takes the wallet's accounts; false when it shared none the kit can use. */
  const open = (wallet: BitcoinWallet, accounts: BitcoinAccount[], asked?: CaipNetworkId) => {
    const payment = paymentOf(accounts)
    if (!payment) return false
    const stored = storedAccounts()?.active
    const active = accounts.some((account) => account.address === stored)
      ? (stored as string)
      : payment.address
    stopEvents?.()
    session = { wallet, accounts, active, caipNetworkId: pickNetwork(accounts, asked) }
    stopEvents = follow(wallet)
    save()
    publish()
    return true
  }

  /** Follows the wallet: other addresses shown, or none (the site's access was revoked). */
  const follow = (wallet: BitcoinWallet) =>
    wallet.onChange((accounts) => {
      if (!session || session.wallet !== wallet) return
      if (accounts === undefined) {
        void wallet.connect({ silent: true, known: knownPurposes() }).then(
          (now) => apply(wallet, now),
          () => undefined,
        )
        return
      }
      apply(wallet, accounts)
    })
  const apply = (wallet: BitcoinWallet, accounts: BitcoinAccount[]) => {
    if (!session || session.wallet !== wallet) return
    if (accounts.length === 0) {
      end()
      return
    }
    const kept = accounts.some((account) => account.address === session?.active)
    session = {
      ...session,
      accounts,
      active: kept ? session.active : (paymentOf(accounts) as BitcoinAccount).address,
      caipNetworkId: pickNetwork(accounts, session.caipNetworkId),
    }
    save()
    publish()
  }

  const knownPurposes = () =>
    new Map(
      (session?.accounts ?? storedAccounts()?.accounts ?? []).map(
        (account) => [account.address, account.purpose] as const,
      ),
    )

  const findWallet = (walletId: string) => discover().find((wallet) => wallet.id === walletId)

  /** The stored wallet, waiting a moment for it to register when the page is still loading. */
  const waitForWallet = (walletId: string) =>
    waitForRegistration(deps.wallets, () => findWallet(walletId), deps.reconnectWaitMs ?? 1000)

  const connected = (): Session => {
    if (!session) throw new LatchError('No wallet is connected')
    return session
  }

  /** What a transfer needs of the session: the payment address pays, on the network in use. */
  const transferContext = async (transfer: Pick<Transfer, 'to' | 'token' | 'feeRate'>) => {
    const current = connected()
    if (transfer.token) throw new LatchError('A Bitcoin wallet sends bitcoin only')
    const payment = current.accounts.find((account) => account.purpose === 'payment')
    if (!payment) throw new LatchError(`${current.wallet.name} shared no payment address`)
    // The ordinals address keeps inscriptions, which a payment would spend as plain coins.
    if (current.active !== payment.address)
      throw new LatchError(
        'Bitcoin is sent from your payment address: make it the active account first',
      )
    const kind = bitcoinNetworkKind(current.caipNetworkId)
    if (!kind)
      throw new LatchError(`${current.caipNetworkId} is not a Bitcoin network the kit knows`)
    const feeRate = transfer.feeRate ?? (await deps.feeRates(current.caipNetworkId)).normal
    const [code, plan] = await Promise.all([import('./transfer.ts'), import('./planTransfer.ts')])
    return {
      code,
      current,
      payment,
      feeRate,
      deps: {
        gateway: deps.gateway(current.caipNetworkId),
        sender: plan.senderOf(payment),
        kind,
      },
    }
  }

  return {
    namespace: 'bip122',
    transferPreparation: bitcoinTransferPreparation,
    wallets: selectStore(wallets, (state) => state.list),
    connection: selectStore(connection, (state) => state.current),
    accounts: selectStore(accountList, (state) => state.list),
    async connect(walletId, { caipNetworkId } = {}) {
      refreshWallets()
      const wallet = findWallet(walletId)
      if (!wallet) throw new LatchError(`Wallet ${walletId} is not available in this browser`)
      connection.set({ current: { status: 'connecting', wallet: toWalletOption(wallet) } })
      try {
        // A new connection starts from the wallet's own choice of active address: payment.
        storage.removeItem(STORAGE_KEYS.bitcoinAccounts)
        const accounts = await wallet.connect({ silent: false })
        if (!open(wallet, accounts, caipNetworkId))
          throw new LatchError(`${wallet.name} shared no Bitcoin address`)
      } catch (error) {
        publish()
        throw error
      }
    },
    async disconnect() {
      const wallet = session?.wallet
      end()
      await wallet?.disconnect()
    },
    async reconnect() {
      const walletId = storage.getItem(walletKey)
      if (!walletId || session) return
      connection.set({ current: { status: 'reconnecting', wallet: undefined } })
      const wallet = await waitForWallet(walletId)
      // A wallet gone or no longer approving this site: the session ends quietly.
      const accounts = wallet
        ? await wallet.connect({ silent: true, known: knownPurposes() }).catch(() => [])
        : []
      if (!wallet || !open(wallet, accounts)) end()
    },
    async switchNetwork(caipNetworkId) {
      if (!configured(caipNetworkId))
        throw new LatchError(`${caipNetworkId} is not one of the site's networks`)
      const current = connected()
      const payment = paymentOf(current.accounts)
      // The addresses are of one network: another needs the wallet itself to switch.
      if (payment && kindOf(payment.address) !== bitcoinNetworkKind(caipNetworkId))
        throw new ChainNotSupportedError({
          details: `${current.wallet.name}'s addresses are not of ${caipNetworkId}: switch networks in the wallet`,
        })
      session = { ...current, caipNetworkId }
      publish()
    },
    selectAccount(address) {
      const current = connected()
      if (!current.accounts.some((account) => account.address === address))
        throw new LatchError(`${current.wallet.name} did not share ${address}`)
      session = { ...current, active: address }
      save()
      publish()
    },
    getBalance: (caipAddress, { force = false } = {}) =>
      nativeBalance(deps.balance, caipAddress, { decimals: 8, symbol: 'BTC' }, force),
    async signMessage(message) {
      const { wallet, accounts, active } = connected()
      const account = accounts.find((entry) => entry.address === active) as BitcoinAccount
      return wallet.signMessage(account, message)
    },
    async sendTransfer(transfer) {
      const context = await transferContext(transfer)
      const { wallet, caipNetworkId } = context.current
      return context.code.sendBitcoinTransfer(
        {
          ...context.deps,
          caipNetworkId,
          sign: (psbt, indexes) =>
            wallet.signPsbt(psbt, [{ account: context.payment, indexes }], caipNetworkId),
        },
        { to: transfer.to, amount: transfer.amount, feeRate: context.feeRate },
      )
    },
    async transferFee(transfer) {
      const context = await transferContext(transfer)
      return context.code.bitcoinTransferFee(context.deps, {
        to: transfer.to,
        amount: transfer.amount,
        feeRate: context.feeRate,
      })
    },
    async maxTransfer({ to, feeRate }) {
      const context = await transferContext({ to: to ?? '', ...(feeRate ? { feeRate } : {}) })
      return context.code.bitcoinMaxTransfer(context.deps, {
        ...(to ? { to } : {}),
        feeRate: context.feeRate,
      })
    },
    async waitForTransfer(sent) {
      const { waitForBitcoinTransfer } = await import('./waitForTransfer.ts')
      return waitForBitcoinTransfer(deps.gateway(sent.caipNetworkId), sent, deps.confirmation)
    },
    feeRates: (caipNetworkId) => deps.feeRates(caipNetworkId),
    async signInMessage(fields) {
      const { bitcoinSignInMessage } = await import('./signIn.ts')
      return bitcoinSignInMessage(fields)
    },
  }
}
