import { getWallets } from '@wallet-standard/app'
import { linkSolanaAccount } from '../../rules/linkSolanaAccount.ts'
import { WALLETCONNECT_CONNECTOR_ID } from '../evm/walletconnect/connectorId.ts'
import type { FamilyDeps } from '../familyDeps.ts'
import type { ChainAdapter } from '../types.ts'
import { createSolanaAdapter } from './createSolanaAdapter.ts'

/**
 * The Solana family as the kit loads it (by dynamic import, only when the site configures a
 * Solana network): the browser's Wallet Standard wallets, balances from the server's balance
 * route, and the server's JSON-RPC gateway for sending.
 */
export function createFamilyAdapter(deps: FamilyDeps): ChainAdapter {
  const adapter = createSolanaAdapter({
    networks: deps.options.networks.filter((network) => network.chainNamespace === 'solana'),
    wallets: getWallets(),
    storage: deps.storage,
    // The server's 30 s copy, shared with the Tokens tab, as EVM's balances are; the chain is read
    // again (forceUpdate) only when the kit asks after a transaction of the account was confirmed.
    balance: (address, caipNetworkId, { force }) =>
      deps.api.balance(address, caipNetworkId, { forceUpdate: force }),
    rpc: async (caipNetworkId) => {
      const { createGatewayRpc } = await import('./rpc.ts')
      return createGatewayRpc({
        serverUrl: deps.serverUrl,
        projectId: deps.options.projectId,
        caipNetworkId,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
      })
    },
  })
  const { links } = deps
  // Linked once the EVM family (which WalletConnect sessions and the embedded wallet connect
  // through) is there and the kit has wired this adapter, so the kit hears the account connect.
  if (links)
    void links.evm().then(
      (evm) =>
        linkSolanaAccount({
          evm: evm.connection,
          walletConnect: evm.walletConnect && {
            id: WALLETCONNECT_CONNECTOR_ID,
            ...evm.walletConnect,
          },
          embedded: links.embedded,
          account: links.account,
          solana: () => adapter,
        }),
      // Without the EVM family no other session can hold a Solana account.
      () => undefined,
    )
  return adapter
}
