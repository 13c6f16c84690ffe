import type {
  GrantResponse,
  PermissionRequestInput,
  SessionSummary,
} from '@latch/protocol/smart-sessions'
import type { AccountController } from '../account/index.ts'
import type { ApiClient } from '../api/client.ts'
import type { EvmAdapter } from '../chains/evm/createEvmAdapter.ts'
import { deferred, type LazyCode, lazyCode } from '../lazy/lazyCode.ts'
import type { NetworkController } from '../network/index.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { SessionListAccount } from './createSessionList.ts'
import type { SessionsController } from './createSessions.ts'
import type { RevokeRequest } from './revokePermissions.ts'

export type WiredSessions = {
  readonly sessions: LazyCode<SessionsController>
  grantPermissions(request: PermissionRequestInput): Promise<GrantResponse>
  revokePermissions(request: RevokeRequest): Promise<void>
  getSessions(query?: Partial<SessionListAccount>): Promise<SessionSummary[]>
}

/**
 * Smart sessions on the instance: the API is here, its code loads on the first call (or with the
 * Account view's Sessions). They are the EVM account's the visitor acts with (the smart account,
 * when they use it) on the active network.
 */
export function wireSessions(deps: {
  api: ApiClient
  loadEvm(): Promise<EvmAdapter>
  account: Pick<AccountController, 'get'>
  network: Pick<NetworkController, 'state' | 'find'>
  snackbar: Pick<SnackbarController, 'showError' | 'showSuccess'>
}): WiredSessions {
  const { account, network } = deps
  const sessions: LazyCode<SessionsController> = lazyCode(() =>
    import('./createSessions.ts').then(({ createSessions }) =>
      createSessions({
        api: deps.api,
        evm: deps.loadEvm,
        account: () => {
          const { address } = account.get()
          const active = network.state.get().activeNetwork
          return address && active?.chainNamespace === 'eip155'
            ? { address: address as `0x${string}`, caipNetworkId: active.caipNetworkId }
            : undefined
        },
        nativeCurrency: (caipNetworkId) => network.find(caipNetworkId)?.nativeCurrency,
        snackbar: deps.snackbar,
      }),
    ),
  )
  return {
    sessions,
    grantPermissions: deferred(sessions, (code, request: PermissionRequestInput) =>
      code.grant(request),
    ),
    revokePermissions: deferred(sessions, (code, request: RevokeRequest) => code.revoke(request)),
    getSessions: deferred(sessions, (code, query?: Partial<SessionListAccount>) =>
      code.list(query),
    ),
  }
}
