import { shortfallMessage } from '@latch/protocol/fees'
import { COSTED_METHODS, RPC_NOT_ALLOWED_MESSAGE, rpcMethodKind } from '@latch/protocol/frame'
import type { ApprovalRequest } from '../approval/types.ts'
import { READ_CALLS_TO_GATEWAY_MESSAGE } from '../constants.ts'
import { FrameRequestError } from '../errors.ts'
import { chainIdField, payloadRecord, stringField } from '../messages/payload.ts'
import { callWithSession, type FrameContext, type HandlerGroup, requireSession } from './context.ts'

/**
 * Wallet calls: unsafe ones wait for the user's click on the frame's approval screen,
 * a few safe ones are answered here, and anything off both lists is refused.
 */
export function rpcHandlers(context: FrameContext): HandlerGroup<'RPC_REQUEST' | 'RPC_ABORT'> {
  const { store } = context

  async function sendToWallet(method: string, params: unknown, chainId: number): Promise<unknown> {
    const body = params === undefined ? { method, chainId } : { method, params, chainId }
    const { result } = await callWithSession(context, 'rpc', body)
    return result
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
      })
      const refusal = shortfallMessage({
        balance: BigInt(cost.balance),
        cost: { value: BigInt(cost.value), fee: cost.fee === null ? undefined : BigInt(cost.fee) },
        currency: cost.currency,
        shortfall: BigInt(cost.shortfall),
      })
      return { ...request, cost, ...(refusal ? { refusal } : {}) }
    } catch {
      return request
    }
  }

  return {
    async RPC_REQUEST(payload, { id }) {
      const record = payloadRecord(payload)
      const method = stringField(record, 'method')
      const chainId = chainIdField(record, 'chainId')
      const params = record.params
      const kind = rpcMethodKind(method)
      if (kind === 'not-allowed') throw new FrameRequestError(RPC_NOT_ALLOWED_MESSAGE)
      if (kind === 'unsafe') {
        const { address } = requireSession(context)
        const request: ApprovalRequest = { id, method, params, chainId, account: address }
        return context.approvals.request(
          (COSTED_METHODS as readonly string[]).includes(method) ? withCost(request) : request,
          () => sendToWallet(method, params, chainId),
        )
      }
      switch (method) {
        case 'eth_accounts': {
          const session = store.session()
          return session ? [session.address] : []
        }
        case 'eth_requestAccounts':
          return [requireSession(context).address]
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
  }
}
