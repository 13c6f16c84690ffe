import {
  type ConnectedUser,
  RPC_NOT_ALLOWED_DELAY_MS,
  RPC_NOT_ALLOWED_MESSAGE,
  RPC_NOT_ALLOWED_USER_MESSAGE,
  rpcMethodKind,
} from '@latch/protocol/frame'
import { LatchError } from '../errors.ts'
import { EmbeddedProviderError, FrameRequestError } from './errors.ts'
import { defaultTimers, type Timers } from './types.ts'

/** An EIP-1193 request. */
export type RequestArguments = { method: string; params?: unknown }

/** A wallet call that needs the user's approval in the frame. */
export type ApprovalRequest = {
  method: string
  params?: unknown
  /** The EVM chain of an eip155 method. */
  chainId?: number
  /** The Solana network (CAIP-2) of a solana_* method. */
  caipNetworkId?: string
}

export type EmbeddedProviderEvent = 'accountsChanged' | 'chainChanged' | 'disconnect'

/** The embedded wallet as an EIP-1193 provider (what wagmi and viem speak). */
export type EmbeddedProvider = {
  request(args: RequestArguments): Promise<unknown>
  on(event: EmbeddedProviderEvent, listener: (value: unknown) => void): void
  removeListener(event: EmbeddedProviderEvent, listener: (value: unknown) => void): void
  emit(event: EmbeddedProviderEvent, value: unknown): void
}

export type EmbeddedProviderDeps = {
  /** The connected user, undefined while signed out. */
  user(): ConnectedUser | undefined
  chainId(): number
  /** Whether the site offers the chain; others are refused with 4902. */
  isSiteChain(chainId: number): boolean
  /** Asks the frame to switch and tells wagmi. */
  switchChain(chainId: number): Promise<void>
  /** The Latch gateway's JSON-RPC for a chain: read calls never go through the frame. */
  gateway(chainId: number): { request(args: RequestArguments): Promise<unknown> }
  /** Shows the approval view and waits for the user's click in the frame. */
  approve(request: ApprovalRequest): Promise<unknown>
  /** A call only the embedded wallet's server can answer, with no approval (wallet_getCallsStatus). */
  walletCall(request: ApprovalRequest): Promise<unknown>
  /** EIP-5792 capabilities of the connected user on each chain (hex chain ids as keys). */
  capabilities(user: ConnectedUser, chainIds: readonly number[]): Promise<Record<string, unknown>>
  /** Shows the visitor a batch's status (wallet_showCallsStatus), as read from the server. */
  showCallsStatus(status: unknown): void
  /** A transaction or batch landed (its receipt is there): the account may have changed. */
  onLanded?(): void
  snackbar: { showError(message: string): void }
  timers?: Timers
}

// EIP-1193 and EIP-1474 codes.
const UNAUTHORIZED = 4100
const UNSUPPORTED_METHOD = 4200
const UNRECOGNIZED_CHAIN = 4902
const INVALID_PARAMS = -32602
const INTERNAL_ERROR = -32603
/** EIP-5792's status of a batch whose calls all landed. */
const CALLS_CONFIRMED = 200

/** wallet_getCapabilities' chains: the hex ids asked for, else every chain of the site. */
function requestedChainIds(params: unknown): number[] | undefined {
  const [, chainIds] = Array.isArray(params) ? params : []
  if (!Array.isArray(chainIds)) return undefined
  const ids = chainIds.map((id) =>
    typeof id === 'string' && /^0x[0-9a-fA-F]+$/.test(id) ? Number.parseInt(id, 16) : Number.NaN,
  )
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0))
    throw new EmbeddedProviderError('Expected [address, [hex chain ids]]', INVALID_PARAMS)
  return ids
}

function requestedChainId(params: unknown): number | undefined {
  const [first] = Array.isArray(params) ? params : []
  const value = (first as { chainId?: unknown } | undefined)?.chainId
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) return undefined
  return Number.parseInt(value, 16)
}

/**
 * Routes a call by safe or not: accounts and chain from the session, safe calls to the gateway,
 * unsafe calls through the approval view, anything else refused ('Requested RPC call is not
 * allowed', and 'Action not allowed' shown 300 ms later).
 * @example await createEmbeddedProvider(deps).request({ method: 'eth_blockNumber' })
 */
export function createEmbeddedProvider(deps: EmbeddedProviderDeps): EmbeddedProvider {
  const timers = deps.timers ?? defaultTimers
  const listeners = new Map<EmbeddedProviderEvent, Set<(value: unknown) => void>>()

  const connectedUser = () => {
    const user = deps.user()
    if (!user) throw new EmbeddedProviderError('The embedded wallet is not connected', UNAUTHORIZED)
    return user
  }

  async function request({ method, params }: RequestArguments): Promise<unknown> {
    switch (method) {
      case 'eth_accounts': {
        const user = deps.user()
        return user ? [user.address] : []
      }
      case 'eth_requestAccounts':
        return [connectedUser().address]
      case 'eth_chainId':
        return `0x${deps.chainId().toString(16)}`
      case 'wallet_getCapabilities': {
        const user = connectedUser()
        const [address] = Array.isArray(params) ? params : []
        if (typeof address === 'string' && address.toLowerCase() !== user.address.toLowerCase())
          throw new EmbeddedProviderError(`${address} is not the connected account`, UNAUTHORIZED)
        return deps.capabilities(user, requestedChainIds(params) ?? [deps.chainId()])
      }
      case 'wallet_getCallsStatus': {
        // The batch id is the embedded wallet's own: only its server can read it.
        connectedUser()
        const status = await deps.walletCall({
          method,
          ...(params === undefined ? {} : { params }),
          chainId: deps.chainId(),
        })
        if ((status as { status?: unknown } | undefined)?.status === CALLS_CONFIRMED)
          deps.onLanded?.()
        return status
      }
      case 'wallet_showCallsStatus': {
        connectedUser()
        const [id] = Array.isArray(params) ? params : []
        if (typeof id !== 'string')
          throw new EmbeddedProviderError('Expected [batch id]', INVALID_PARAMS)
        deps.showCallsStatus(
          await deps.walletCall({
            method: 'wallet_getCallsStatus',
            params: [id],
            chainId: deps.chainId(),
          }),
        )
        return null
      }
      case 'wallet_switchEthereumChain': {
        const chainId = requestedChainId(params)
        if (chainId === undefined)
          throw new EmbeddedProviderError('Expected [{ chainId: hex }]', INVALID_PARAMS)
        if (!deps.isSiteChain(chainId))
          throw new EmbeddedProviderError(`Unrecognized chain ID ${chainId}`, UNRECOGNIZED_CHAIN)
        await deps.switchChain(chainId)
        return null
      }
    }
    const kind = rpcMethodKind(method)
    if (kind === 'safe') {
      return deps
        .gateway(deps.chainId())
        .request(params === undefined ? { method } : { method, params })
    }
    if (kind === 'unsafe') {
      connectedUser()
      try {
        const result = await deps.approve({
          method,
          ...(params === undefined ? {} : { params }),
          chainId: deps.chainId(),
        })
        // The wallet answers a transaction once its receipt is there (a smart account's).
        if (method === 'eth_sendTransaction') deps.onLanded?.()
        return result
      } catch (error) {
        // The frame's code (4001 for Reject) is what wagmi and viem turn into their errors.
        if (error instanceof FrameRequestError)
          throw new EmbeddedProviderError(error.message, error.code ?? INTERNAL_ERROR, {
            cause: error,
          })
        if (error instanceof LatchError)
          throw new EmbeddedProviderError(error.shortMessage, INTERNAL_ERROR, { cause: error })
        throw error
      }
    }
    timers.setTimeout(
      () => deps.snackbar.showError(RPC_NOT_ALLOWED_USER_MESSAGE),
      RPC_NOT_ALLOWED_DELAY_MS,
    )
    throw new EmbeddedProviderError(RPC_NOT_ALLOWED_MESSAGE, UNSUPPORTED_METHOD)
  }

  return {
    request,
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event, value) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(value)
    },
  }
}
