import type { BalanceResponse, CaipNetworkId } from '@latch/protocol'
import { encodeBase58 } from '@latch/protocol/solana'
import { ChainNotSupportedError, LatchError } from '../../errors.ts'
import type { CaipNetwork } from '../../siteTypes.ts'
import type { LatchStorage } from '../../storage/index.ts'
import { nativeBalance } from '../nativeBalance.ts'
import type { ChainAdapter } from '../types.ts'
import { type WalletRegistry, waitForRegistration } from '../walletRegistry.ts'
import { createWalletSession } from '../walletSession/createWalletSession.ts'
import { siteNetworks } from '../walletSession/siteNetworks.ts'
import { solanaTransferPreparation } from './prepareTransfer.ts'
import type { SolanaGatewayRpc } from './rpc.ts'
import { solanaWalletConnection, toWalletOption } from './solanaWallets.ts'
import { chainsOf, rethrowRejection, walletSigner } from './walletSigner.ts'
import {
  featureOf,
  isSolanaWallet,
  type SignMessageFeature,
  walletChainOf,
} from './walletStandard.ts'

export { solanaWalletId } from './solanaWallets.ts'

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

/**
 * The Solana family on the Wallet Standard: wallets found by `getWallets()`, connected with
 * standard:connect (silently again after a reload), followed through standard:events. Wallets
 * have no current network, so the kit keeps it: the one asked for, else the last one used. An
 * account another family's wallet holds (`link`) signs through WalletConnect's Solana calls.
 */
export function createSolanaAdapter(deps: SolanaAdapterDeps): ChainAdapter {
  const { storage } = deps
  const networks = siteNetworks(deps.networks, storage, 'solana', 'Solana')
  const session = createWalletSession({
    namespace: 'solana',
    storage,
    networks,
    discover: () => deps.wallets.get().filter(isSolanaWallet),
    optionOf: toWalletOption,
    waitForWallet: (find) => waitForRegistration(deps.wallets, find, deps.reconnectWaitMs ?? 1000),
    ...solanaWalletConnection(networks),
    sharedNothing: (wallet) => new LatchError(`${wallet.name} shared no Solana account`),
    present: ({ account }) => ({ address: account.address }),
    checkNetwork({ wallet, account }, caipNetworkId) {
      if (!walletChainOf(chainsOf(wallet, account), caipNetworkId))
        throw new ChainNotSupportedError({ details: `${wallet.name} has no ${caipNetworkId}` })
    },
  })
  deps.wallets.on('register', session.refreshWallets)
  deps.wallets.on('unregister', session.refreshWallets)

  const linkedCode = () => import('./linkedSigner.ts')

  /** The account that pays for a transfer: the wallet's, else the linked one, on its network. */
  const sender = (): { owner: string; caipNetworkId: CaipNetworkId } => {
    const linked = session.linkedOnly()
    if (linked) return { owner: linked.linked.address, caipNetworkId: linked.caipNetworkId }
    const { account, caipNetworkId } = session.connected()
    return { owner: account.address, caipNetworkId }
  }

  return {
    namespace: 'solana',
    transferPreparation: solanaTransferPreparation,
    ...session.adapter,
    getBalance: (caipAddress, { force = false } = {}) =>
      nativeBalance(deps.balance, caipAddress, { decimals: 9, symbol: 'SOL' }, force),
    async signMessage(message) {
      const linked = session.linkedOnly()
      if (linked)
        return (await linkedCode()).linkedSignMessage(linked.linked, linked.caipNetworkId, message)
      const { wallet, account } = session.connected()
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
      const linked = session.linkedOnly()
      const current = linked ?? session.connected()
      const [{ sendSolanaTransfer }, rpc, signer] = await Promise.all([
        import('./transfer.ts'),
        deps.rpc(current.caipNetworkId),
        linked
          ? linkedCode().then((code) => code.linkedSigner(linked.linked, linked.caipNetworkId))
          : walletSigner(session.connected()),
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
    link: session.link,
  }
}
