import { pathOf, ROUTES } from '@latch/protocol/routes'
import type {
  GrantResponse,
  PermissionRequestInput,
  SessionSummary,
} from '@latch/protocol/smart-sessions'
import type { ApiClient } from '../api/client.ts'
import type { EvmAdapter } from '../chains/evm/createEvmAdapter.ts'
import { EMBEDDED_CONNECTOR_ID } from '../embedded/connectorId.ts'
import {
  createSessionList,
  type SessionListAccount,
  type SessionListController,
} from './createSessionList.ts'
import type { KnownToken, TokenBook } from './describeSession.ts'
import { grantPermissions } from './grantPermissions.ts'
import type { ConnectedEvmWallet } from './permissionsWallet.ts'
import { type RevokeRequest, revokePermissions } from './revokePermissions.ts'

export type SessionsDeps = {
  api: Pick<ApiClient, 'get' | 'convertTokens'>
  /** The EVM family, loaded. */
  evm(): Promise<EvmAdapter>
  /** The active EVM account and its chain, undefined when none is connected. */
  account(): SessionListAccount | undefined
  /** The native coin of a network of the site. */
  nativeCurrency(caipNetworkId: string): KnownToken | undefined
  snackbar: { showError(message: string): void; showSuccess(message: string): void }
}

/** The smart sessions API of an instance: grant, revoke, list, and the Account view's flow. */
export type SessionsController = {
  grant(request: PermissionRequestInput): Promise<GrantResponse>
  revoke(request: RevokeRequest): Promise<void>
  list(query?: Partial<SessionListAccount>): Promise<SessionSummary[]>
  createList(): SessionListController
}

/** The native coin when the site's network does not say (an EVM chain's ether). */
const ETHER: KnownToken = { symbol: 'ETH', decimals: 18 }

/**
 * Builds the instance's smart sessions code, loaded on the first call (or with the Account view's
 * Sessions): nothing of it is in the page before.
 */
export function createSessions(deps: SessionsDeps): SessionsController {
  /** The connected EVM wallet: wagmi's connection read from its config, its EIP-1193 provider. */
  async function wallet(): Promise<ConnectedEvmWallet | undefined> {
    const { state } = (await deps.evm()).wagmiConfig
    const connection = state.current ? state.connections.get(state.current) : undefined
    const address = connection?.accounts[0]
    if (!connection || !address) return undefined
    const provider = (await connection.connector.getProvider()) as {
      request(args: { method: string; params?: unknown }): Promise<unknown>
    }
    return {
      address,
      embedded: connection.connector.id === EMBEDDED_CONNECTOR_ID,
      request: (args) => provider.request(args),
    }
  }

  async function list(query: Partial<SessionListAccount> = {}): Promise<SessionSummary[]> {
    const active = deps.account()
    const address = query.address ?? active?.address
    const caipNetworkId = query.caipNetworkId ?? active?.caipNetworkId
    if (!address || !caipNetworkId) return []
    const { sessions } = await deps.api.get<{ sessions: SessionSummary[] }>(
      pathOf(ROUTES.sessions, { address }),
      { chainId: caipNetworkId },
    )
    return sessions
  }

  /** The chain's tokens by address, as the server lists them; none when it cannot say. */
  async function tokens(caipNetworkId: string): Promise<{ tokens: TokenBook; native: KnownToken }> {
    const native = deps.nativeCurrency(caipNetworkId) ?? ETHER
    const listed = await deps.api.convertTokens(caipNetworkId as `eip155:${string}`).catch(() => ({
      tokens: [],
    }))
    const book = new Map<string, KnownToken>()
    for (const token of listed.tokens) {
      const address = token.address.split(':').at(-1)?.toLowerCase()
      if (address) book.set(address, { symbol: token.symbol, decimals: token.decimals })
    }
    return { tokens: book, native }
  }

  const revoke = (request: RevokeRequest) => revokePermissions({ wallet }, request)
  return {
    grant: (request) => grantPermissions({ wallet }, request),
    revoke,
    list,
    createList: () =>
      createSessionList({
        account: deps.account,
        fetchSessions: (address, caipNetworkId) =>
          list({ address: address as `0x${string}`, caipNetworkId }).then((sessions) => ({
            sessions,
          })),
        tokens,
        revoke,
        snackbar: deps.snackbar,
      }),
  }
}
