import { COSTED_METHODS, RPC_NOT_ALLOWED_MESSAGE, rpcMethodKind } from '@latch/protocol/frame'
import { namedAccount, withSender } from '../accounts/sender.ts'
import { WalletApiError } from '../api/walletApi.ts'
import { costShortfall } from '../approval/costShortfall.ts'
import type { ApprovalRequest } from '../approval/types.ts'
import { NO_SOLANA_ACCOUNT_MESSAGE, READ_CALLS_TO_GATEWAY_MESSAGE } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import { ENGLISH_WORDS } from '../i18n/screenLanguage.ts'
import {
  chainIdField,
  optionalStringField,
  payloadRecord,
  stringField,
} from '../messages/payload.ts'
import {
  activeEvmAddress,
  callWithSession,
  type FrameContext,
  type HandlerGroup,
  requireSession,
  solanaAccountOf,
} from './context.ts'

/** Calls whose screen names the chain's tokens (a grant's spending limits). */
const PERMISSION_METHODS = ['wallet_grantPermissions', 'wallet_revokePermissions']

/** The Solana family's calls: they go to a Solana network, signed with the user's Solana key. */
const isSolanaMethod = (method: string) => method.startsWith('solana_')

/**
 * Wallet calls: unsafe ones wait for the user's click on the frame's approval screen,
 * a few safe ones are answered here, and anything off both lists is refused.
 */
export function rpcHandlers(
  context: FrameContext,
): HandlerGroup<'RPC_REQUEST' | 'RPC_ABORT' | 'ESTIMATE_FEE'> {
  const { store } = context

  /** The site's project, for the server to know whose gas sponsorship applies. */
  const project = context.projectId ? { projectId: context.projectId } : {}

  async function sendToWallet(method: string, params: unknown, chainId: number): Promise<unknown> {
    const body = params === undefined ? { method, chainId } : { method, params, chainId }
    // A grant is recorded for the site that asked: the origin the browser gave the frame.
    const site =
      PERMISSION_METHODS.includes(method) && context.parentOrigin
        ? { origin: context.parentOrigin }
        : {}
    const { result, notice } = await callWithSession(context, 'rpc', {
      ...body,
      ...project,
      ...site,
    })
    // The request went through; the visitor hears what they should know of it (who paid).
    if (notice) context.emit('NOTICE', { message: notice })
    return result
  }

  async function sendSolana(
    method: string,
    params: unknown,
    caipNetworkId: string | undefined,
  ): Promise<unknown> {
    const { result } = await callWithSession(context, 'rpc', {
      method,
      ...(params !== undefined && { params }),
      ...(caipNetworkId && { caipNetworkId }),
    })
    return result
  }

  /**
   * The user's Solana address: kept with the session, or asked of the server once for a session
   * opened before the server listed it (the server creates the account on that first ask).
   */
  async function solanaAddress(): Promise<string> {
    const session = requireSession(context)
    if (session.solanaAddress) return session.solanaAddress
    const found = solanaAccountOf(await callWithSession(context, 'session/user', {}))
    if (!found) throw new FrameRequestError(NO_SOLANA_ACCOUNT_MESSAGE)
    store.setSession({ ...session, solanaAddress: found })
    return found
  }

  /**
   * The request with its Solana network as the server names it (name, coin, known tokens). A
   * network the call needs (one the app named, or any to send on) that the server refuses makes
   * the screen say why, with only Close; otherwise the screen shows the request without the
   * network's name (signing needs no network).
   */
  async function withSolanaNetwork(request: ApprovalRequest): Promise<ApprovalRequest> {
    try {
      const solanaNetwork = await callWithSession(
        context,
        'solana/network',
        request.caipNetworkId ? { caipNetworkId: request.caipNetworkId } : {},
      )
      return { ...request, solanaNetwork }
    } catch (error) {
      const needsNetwork =
        request.caipNetworkId !== undefined || request.method === 'solana_signAndSendTransaction'
      if (needsNetwork && error instanceof WalletApiError && error.status === 400)
        return { ...request, refusal: error.message }
      return request
    }
  }

  /**
   * The request with what it would cost, and the refusal when the server says the balance falls
   * short, before the screen is drawn. Without an answer (server or chain down) the screen shows
   * the call without its cost.
   */
  async function withCost(request: ApprovalRequest): Promise<ApprovalRequest> {
    try {
      const cost = await callWithSession(context, 'rpc/cost', {
        method: request.method,
        params: request.params,
        chainId: request.chainId,
        ...project,
      })
      // The site is told why in English; the screen says it in its own language.
      const refusal = costShortfall(cost, ENGLISH_WORDS)
      return { ...request, cost, ...(refusal ? { refusal } : {}) }
    } catch {
      return request
    }
  }

  /**
   * A grant or revoke of permissions with its chain as the server names it (its tokens' symbols
   * and decimals); without an answer the screen shows the limits in base units.
   */
  async function withEvmNetwork(request: ApprovalRequest): Promise<ApprovalRequest> {
    const [first] = Array.isArray(request.params) ? request.params : []
    const named = (first as { chainId?: unknown } | undefined)?.chainId
    const chainId =
      typeof named === 'string' && /^0x[0-9a-fA-F]+$/.test(named)
        ? Number.parseInt(named, 16)
        : request.chainId
    if (chainId === undefined) return request
    try {
      return { ...request, evmNetwork: await callWithSession(context, 'evm/network', { chainId }) }
    } catch {
      return request
    }
  }

  /** What the screen needs before it is drawn: a transaction's cost, a grant's tokens. */
  function prepared(request: ApprovalRequest): ApprovalRequest | Promise<ApprovalRequest> {
    if ((COSTED_METHODS as readonly string[]).includes(request.method)) return withCost(request)
    if (PERMISSION_METHODS.includes(request.method)) return withEvmNetwork(request)
    return request
  }

  return {
    async RPC_REQUEST(payload, { id }) {
      const record = payloadRecord(payload)
      const method = stringField(record, 'method')
      const params = record.params
      const kind = rpcMethodKind(method)
      if (kind === 'not-allowed') throw new FrameRequestError(RPC_NOT_ALLOWED_MESSAGE)
      if (kind === 'unsafe' && isSolanaMethod(method)) {
        const caipNetworkId = optionalStringField(record, 'caipNetworkId')
        const request: ApprovalRequest = {
          id,
          method,
          params,
          account: await solanaAddress(),
          ...(caipNetworkId && { caipNetworkId }),
        }
        return context.approvals.request(withSolanaNetwork(request), () =>
          sendSolana(method, params, caipNetworkId),
        )
      }
      const chainId = chainIdField(record, 'chainId')
      if (kind === 'unsafe') {
        // The account the user acts with sends what names no sender; the screen shows who signs.
        const sent = withSender(method, params, activeEvmAddress(context))
        const account = namedAccount(method, sent) ?? activeEvmAddress(context)
        const request: ApprovalRequest = { id, method, params: sent, chainId, account }
        return context.approvals.request(prepared(request), () =>
          sendToWallet(method, sent, chainId),
        )
      }
      switch (method) {
        case 'eth_accounts':
          return store.session() ? [activeEvmAddress(context)] : []
        case 'eth_requestAccounts':
          return [activeEvmAddress(context)]
        case 'eth_chainId':
          return `0x${(store.chainId() ?? chainId).toString(16)}`
        case 'wallet_getCallsStatus':
          return sendToWallet(method, params, chainId)
        default:
          // The kit sends reads to the Latch gateway itself; the frame has no chain connection.
          throw new FrameRequestError(READ_CALLS_TO_GATEWAY_MESSAGE)
      }
    },
    async RPC_ABORT() {
      context.approvals.rejectAll()
      return {}
    },
    async ESTIMATE_FEE(payload) {
      const record = payloadRecord(payload)
      const chainId = chainIdField(record, 'chainId')
      const transaction = record.transaction
      if (typeof transaction !== 'object' || transaction === null || Array.isArray(transaction))
        throw new FrameRequestError('Invalid request: transaction must be an object')
      // Costing signs nothing: no approval. The server estimates a smart account's operation.
      const cost = await callWithSession(context, 'rpc/cost', {
        method: 'eth_sendTransaction',
        params: [transaction],
        chainId,
        ...project,
      })
      return cost.gas !== undefined && cost.maxFeePerGas !== undefined
        ? { gas: cost.gas, maxFeePerGas: cost.maxFeePerGas }
        : null
    },
  }
}
