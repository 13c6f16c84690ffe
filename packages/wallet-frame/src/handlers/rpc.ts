import { RPC_NOT_ALLOWED_MESSAGE, rpcMethodKind } from '@latch/protocol/frame'
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
        return context.approvals.request({ id, method, params, chainId, account: address }, () =>
          sendToWallet(method, params, chainId),
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
