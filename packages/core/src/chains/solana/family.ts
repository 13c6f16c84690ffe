import { getWallets } from '@wallet-standard/app'
import { linkSolanaAccount } from '../../rules/linkSolanaAccount.ts'
import type { FamilyDeps } from '../registry.ts'
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
  // Linked once the kit has wired the adapter (loadFamilies does as soon as it is built), so the
  // kit hears the account connect.
  if (links)
    queueMicrotask(() =>
      linkSolanaAccount({
        ...links,
        solana: () => adapter,
      }),
    )
  return adapter
}
