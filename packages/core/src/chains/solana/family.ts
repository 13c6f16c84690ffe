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
    // The adapter's balance is read now (after a send it must move), not the server's 30 s copy.
    balance: (address, caipNetworkId) =>
      deps.api.balance(address, caipNetworkId, { forceUpdate: true }),
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
