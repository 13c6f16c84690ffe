import { createAccountController } from '../account/index.ts'
import type { ChainConnection, WalletOption } from '../chains/connection.ts'
import { createConnections } from '../chains/createConnections.ts'
import { createConnection } from '../connection/index.ts'
import { createEvents } from '../events/index.ts'
import { createModal } from '../modal/index.ts'
import { createNetworkController, defineEvmNetwork } from '../network/index.ts'
import { createRouter } from '../router/index.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { createStore } from '../store.ts'
import { mirrorConnection } from './mirrorConnection.ts'

export const devnet = defineEvmNetwork({
  id: 31337,
  name: 'Latch Devnet',
  rpcUrl: 'http://127.0.0.1:8545',
  blockExplorer: { name: 'Explorer', url: 'https://explorer.test' },
})
export const devnet2 = defineEvmNetwork({ id: 31338, name: 'Devnet 2', rpcUrl: 'http://x' })

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export const browserWallet: WalletOption = {
  id: 'io.test',
  name: 'Test Wallet',
  icon: 'data:image/svg+xml,<svg/>',
  rdns: 'io.test',
  kind: 'announced',
}

/** A connected EVM account in CAIP form. */
export const connectedTo = (chainId: number, address = ADDRESS): ChainConnection => ({
  status: 'connected',
  address,
  caipNetworkId: `eip155:${chainId}`,
  caipAddress: `eip155:${chainId}:${address}`,
  wallet: browserWallet,
})

/**
 * The real stores the rules wire together (account, network, router, modal, connection, the
 * connections and their active account), plus a wallet connection store standing for the EVM
 * adapter's: tests move it as a wallet would. With `mirror`, the wallet is mirrored into the
 * account and network first, as createLatch wires it, before the active account follows it.
 */
export function createTestStores(options: { signInRequired?: boolean; mirror?: boolean } = {}) {
  const events = createEvents()
  const storage = createStorage({ storage: createMemoryStorage() })
  const account = createAccountController()
  const network = createNetworkController([devnet, devnet2])
  const connection = createConnection({ storage, events })
  const walletStore = createStore<{ current: ChainConnection }>({
    current: { status: 'disconnected' },
  })
  const wallet = {
    get: () => walletStore.get().current,
    subscribe: (listener: (state: ChainConnection, previous: ChainConnection) => void) =>
      walletStore.subscribe((state, previous) => listener(state.current, previous.current)),
    set: (current: ChainConnection) => walletStore.set({ current }),
  }
  const router = createRouter({ closeModal: () => modal.close() })
  const modal = createModal({
    router,
    events,
    isConnected: () => account.get().status === 'connected',
    isSignInRequired: () => options.signInRequired ?? false,
    hasSession: () => false,
  })
  const connections = createConnections({ storage, namespaces: ['eip155'] })
  if (options.mirror)
    mirrorConnection({
      namespace: 'eip155',
      wallet,
      connection,
      account,
      network,
      walletInfo: (option) => ({ name: option.name }),
    })
  connections.track('eip155', wallet)
  return {
    events,
    storage,
    account,
    network,
    connection,
    wallet,
    router,
    modal,
    activeAccount: connections.activeAccount,
  }
}
