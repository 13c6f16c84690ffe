import type { CaipNetworkId } from '@latch/protocol'
import { toSs58Prefix } from '@latch/protocol/polkadot'
import { LatchError } from '../../errors.ts'
import type { CaipNetwork } from '../../siteTypes.ts'
import type { LatchStorage } from '../../storage/index.ts'
import { nativeBalance } from '../nativeBalance.ts'
import type { ChainAdapter, WalletOption } from '../types.ts'
import { createWalletSession } from '../walletSession/createWalletSession.ts'
import { siteNetworks } from '../walletSession/siteNetworks.ts'
import { type FoundExtension, findExtensions } from './injected.ts'
import { polkadotConnection, prefixOf, rethrow, usable } from './polkadotConnection.ts'
import { polkadotTransferPreparation } from './prepareTransfer.ts'
import type { PolkadotServer } from './server.ts'

export type PolkadotAdapterDeps = {
  /** The site's Polkadot networks, in its order (at least one). */
  networks: readonly CaipNetwork[]
  /** Where extensions put `injectedWeb3`: the page's `window`; none on a server. */
  scope: object | undefined
  storage: LatchStorage
  /** The name the extension shows the visitor when the site asks for access. */
  appName: string
  /** A catalogue wallet's icon, by its slug. */
  iconOf(slug: string): string | undefined
  server: PolkadotServer
  /** How long a reload waits for the last extension to inject itself before giving up on it. */
  reconnectWaitMs?: number
  /** How the wait for inclusion polls; blocks come every 6 s on Polkadot, at once on a devnet. */
  confirmation?: { pollMs?: number; timeoutMs?: number }
}

const hexOf = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** The extension found, or once it injected itself while the page loads, within `waitMs`. */
async function waitForInjection<T>(find: () => T | undefined, waitMs: number) {
  const until = Date.now() + waitMs
  for (;;) {
    const found = find()
    if (found || Date.now() >= until) return found
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * The Polkadot family: extensions found in `window.injectedWeb3` (polkadot{.js}, Talisman,
 * SubWallet, Nova Wallet), their named accounts shown in the network's SS58 prefix (the first
 * active unless the visitor picks another), balances, transfers and their status through the
 * server, which builds the signing payload and submits the extrinsic the extension signed.
 */
export function createPolkadotAdapter(deps: PolkadotAdapterDeps): ChainAdapter {
  const { storage } = deps
  const networks = siteNetworks(deps.networks, storage, 'polkadot', 'Polkadot')
  const toOption = (extension: FoundExtension): WalletOption => ({
    id: extension.id,
    name: extension.name,
    icon: extension.slug ? deps.iconOf(extension.slug) : undefined,
    rdns: undefined,
    kind: 'announced',
  })
  const session = createWalletSession({
    namespace: 'polkadot',
    storage,
    networks,
    discover: () => findExtensions(deps.scope),
    optionOf: toOption,
    waitForWallet: (find) => waitForInjection(find, deps.reconnectWaitMs ?? 1000),
    ...polkadotConnection(networks, storage, deps.appName),
  })
  // Extensions inject at document start, some a moment later: look again once the page loaded.
  const events = deps.scope as Partial<Pick<Window, 'addEventListener'>> | undefined
  events?.addEventListener?.('load', session.refreshWallets)
  const { connected, linkedOnly } = session

  /** The active account's address in its network's prefix, and that network. */
  const sender = (): { address: string; caipNetworkId: CaipNetworkId } => {
    const linked = linkedOnly()
    if (linked) {
      const { caipNetworkId } = linked
      const address = toSs58Prefix(linked.linked.address, prefixOf(networks, caipNetworkId))
      if (!address) throw new LatchError(`${linked.linked.address} is not a Polkadot address`)
      return { address, caipNetworkId }
    }
    const current = connected()
    return {
      address: toSs58Prefix(current.active, prefixOf(networks, current.caipNetworkId)) as string,
      caipNetworkId: current.caipNetworkId,
    }
  }
  const activeAddress = () => sender().address

  const linkedCode = () => import('./linkedSigner.ts')

  const buildTransfer = async (transfer: { to: string; amount: bigint; token?: string }) => {
    const current = sender()
    if (transfer.token) throw new LatchError('A Polkadot wallet sends the native coin only')
    return deps.server.buildTransfer({
      caipNetworkId: current.caipNetworkId,
      from: current.address,
      to: transfer.to,
      amount: transfer.amount,
    })
  }

  return {
    namespace: 'polkadot',
    transferPreparation: polkadotTransferPreparation,
    ...session.adapter,
    accounts: session.accounts,
    selectAccount(address) {
      // A linked account is the only one its session shares: nothing else to pick.
      if (linkedOnly() && address === activeAddress()) return
      const current = connected()
      const account = usable(current.listed, prefixOf(networks, current.caipNetworkId)).find(
        (entry) => entry.address === address,
      )
      if (!account) throw new LatchError(`${current.wallet.name} did not share ${address}`)
      session.update({ ...current, active: account.listed })
    },
    getBalance(caipAddress, { force = false } = {}) {
      const network = networks.configured(caipAddress.slice(0, caipAddress.lastIndexOf(':')))
      const coin = network?.nativeCurrency ?? { decimals: 10, symbol: 'DOT' }
      return nativeBalance(deps.server.balance, caipAddress, coin, force)
    },
    async signMessage(message) {
      const linked = linkedOnly()
      if (linked) {
        const { linkedSignMessage } = await linkedCode()
        return linkedSignMessage(linked.linked, linked.caipNetworkId, activeAddress(), message)
      }
      const { injected } = connected()
      const address = activeAddress()
      if (!injected.signer.signRaw)
        throw new LatchError(`${connected().wallet.name} cannot sign messages`)
      // Extensions sign raw bytes wrapped in <Bytes>...</Bytes>, which the server's check expects.
      const { signature } = await injected.signer
        .signRaw({ address, data: hexOf(message), type: 'bytes' })
        .catch(rethrow)
      return signature
    },
    async transferFee(transfer) {
      const { fee, existentialDeposit } = await buildTransfer(transfer)
      return { fee, exact: true, existentialDeposit }
    },
    async sendTransfer(transfer) {
      const linked = linkedOnly()
      if (linked) {
        const [{ linkedSignPayload }, { payload }] = await Promise.all([
          linkedCode(),
          buildTransfer(transfer),
        ])
        const signature = await linkedSignPayload(
          linked.linked,
          linked.caipNetworkId,
          payload.address,
          payload,
        )
        const hash = await deps.server.submit({
          caipNetworkId: linked.caipNetworkId,
          payload,
          signature,
        })
        return { id: hash, caipNetworkId: linked.caipNetworkId }
      }
      const current = connected()
      if (!current.injected.signer.signPayload)
        throw new LatchError(`${current.wallet.name} cannot sign transactions`)
      const { payload } = await buildTransfer(transfer)
      const { signature } = await current.injected.signer.signPayload(payload).catch(rethrow)
      const hash = await deps.server.submit({
        caipNetworkId: current.caipNetworkId,
        payload,
        signature,
      })
      return { id: hash, caipNetworkId: current.caipNetworkId }
    },
    async waitForTransfer(sent) {
      const { waitForInclusion } = await import('./waitForInclusion.ts')
      return waitForInclusion(deps.server, sent, deps.confirmation)
    },
    async signInMessage(fields) {
      const { polkadotSignInMessage } = await import('./signIn.ts')
      return polkadotSignInMessage(fields)
    },
    link: session.link,
  }
}
