import type { BalanceResponse, CaipNetworkId } from '@latch/protocol'
import { bitcoinNetworkKind } from '@latch/protocol/bitcoin-networks'
import { LatchError } from '../../errors.ts'
import type { CaipNetwork } from '../../siteTypes.ts'
import type { LatchStorage } from '../../storage/index.ts'
import { nativeBalance } from '../nativeBalance.ts'
import type { ChainAdapter, FeeRates, Transfer } from '../types.ts'
import { type WalletRegistry, waitForRegistration } from '../walletRegistry.ts'
import { createWalletSession } from '../walletSession/createWalletSession.ts'
import { siteNetworks } from '../walletSession/siteNetworks.ts'
import { bitcoinConnection, sharedNoAddress } from './bitcoinConnection.ts'
import type { BitcoinAccount } from './bitcoinWallet.ts'
import { bitcoinWallets, toWalletOption } from './bitcoinWallets.ts'
import type { EsploraGateway } from './esplora.ts'
import { bitcoinTransferPreparation } from './prepareTransfer.ts'

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

/**
 * The Bitcoin family: wallets found through the Bitcoin Wallet Standard and sats-connect (one
 * entry per wallet, the Wallet Standard's when it speaks both), their payment and ordinals
 * addresses with the purposes the wallet gives them (payment active unless the visitor picks
 * another), the network told by the addresses' encoding, balances through the server, and
 * transfers as PSBTs the wallet signs (loaded with the first one).
 */
export function createBitcoinAdapter(deps: BitcoinAdapterDeps): ChainAdapter {
  const { storage } = deps
  const networks = siteNetworks(deps.networks, storage, 'bip122', 'Bitcoin')
  const session = createWalletSession({
    namespace: 'bip122',
    storage,
    networks,
    discover: bitcoinWallets(deps.wallets, deps.scope),
    optionOf: toWalletOption,
    waitForWallet: (find) => waitForRegistration(deps.wallets, find, deps.reconnectWaitMs ?? 1000),
    ...bitcoinConnection(networks, storage),
    sharedNothing: sharedNoAddress,
  })
  deps.wallets.on('register', session.refreshWallets)
  deps.wallets.on('unregister', session.refreshWallets)
  // Extensions may add their sats-connect provider after the kit started.
  const events = deps.scope as Partial<Pick<Window, 'addEventListener'>> | undefined
  events?.addEventListener?.('load', session.refreshWallets)
  const connected = session.connected

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
    ...session.adapter,
    accounts: session.accounts,
    selectAccount(address) {
      const current = connected()
      if (!current.accounts.some((account) => account.address === address))
        throw new LatchError(`${current.wallet.name} did not share ${address}`)
      session.update({ ...current, active: address })
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
