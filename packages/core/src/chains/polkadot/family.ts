import type { CaipNetworkId } from '@latch/protocol'
import { pathOf, ROUTES } from '@latch/protocol/routes'
import { sha256 } from '@noble/hashes/sha2.js'
import type { ApiClient } from '../../api/client.ts'
import type { ResolvedOptions } from '../../options/types.ts'
import { linkPolkadotAccount } from '../../rules/linkPolkadotAccount.ts'
import type { LatchStorage } from '../../storage/index.ts'
import { WALLETCONNECT_CONNECTOR_ID } from '../evm/walletconnect/connectorId.ts'
import type { FamilyDeps } from '../familyDeps.ts'
import type { ChainAdapter } from '../types.ts'
import { createPolkadotAdapter } from './createPolkadotAdapter.ts'
import type { SignerPayloadJson } from './injected.ts'
import type { ExtrinsicStatus } from './server.ts'

/** What the Polkadot family takes of what the kit gives each family it loads. */
export type PolkadotFamilyDeps = {
  options: ResolvedOptions
  storage: LatchStorage
  api: ApiClient
  /** The EVM family, whose WalletConnect session may hold a Polkadot account too. */
  links?: Pick<NonNullable<FamilyDeps['links']>, 'evm'> | undefined
}

/** The server's id of a catalogue wallet: the SHA-256 of its slug, in hex. */
const catalogueId = (slug: string) =>
  Array.from(sha256(new TextEncoder().encode(slug)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')

/**
 * The Polkadot family as the kit loads it (by dynamic import, only when the site configures a
 * Polkadot network): injectedWeb3 extensions, and the server for balances, transfers (built
 * there, signed by the extension, submitted there) and their inclusion.
 */
export function createFamilyAdapter(deps: PolkadotFamilyDeps): ChainAdapter {
  const adapter = createPolkadotAdapter({
    networks: deps.options.networks.filter((network) => network.chainNamespace === 'polkadot'),
    scope: typeof window === 'undefined' ? undefined : window,
    storage: deps.storage,
    appName: deps.options.metadata.name,
    iconOf: (slug) => deps.api.walletImageUrl(catalogueId(slug)),
    server: {
      // The server's 30 s copy, read again (forceUpdate) only after a transaction of the account.
      balance: (address, caipNetworkId, { force }) =>
        deps.api.balance(address, caipNetworkId, { forceUpdate: force }),
      async buildTransfer({ caipNetworkId, from, to, amount }) {
        const built = await deps.api.post<{
          payload: SignerPayloadJson
          fee: string
          existentialDeposit: string
        }>(ROUTES.polkadotTransfer.path, {
          chainId: caipNetworkId,
          from,
          to,
          amount: amount.toString(),
        })
        return {
          payload: built.payload,
          fee: BigInt(built.fee),
          existentialDeposit: BigInt(built.existentialDeposit),
        }
      },
      async submit({ caipNetworkId, payload, signature }) {
        const { hash } = await deps.api.post<{ hash: string }>(ROUTES.polkadotSubmit.path, {
          chainId: caipNetworkId,
          payload,
          signature,
        })
        return hash
      },
      async status(hash, caipNetworkId: CaipNetworkId) {
        return deps.api.get<ExtrinsicStatus>(pathOf(ROUTES.polkadotStatus, { hash }), {
          chainId: caipNetworkId,
        })
      },
    },
  })
  // Linked once the EVM family (which WalletConnect sessions connect through) is there and the
  // kit has wired this adapter, so the kit hears the account connect.
  const { links } = deps
  if (links)
    void links.evm().then(
      (evm) => {
        const { walletConnect } = evm
        if (walletConnect)
          linkPolkadotAccount({
            evm: evm.connection,
            walletConnect: { id: WALLETCONNECT_CONNECTOR_ID, ...walletConnect },
            polkadot: () => adapter,
          })
      },
      // Without the EVM family no WalletConnect session can hold a Polkadot account.
      () => undefined,
    )
  return adapter
}
