import { USER_REJECTED_CODE } from '@latch/protocol/frame'
import { displayMessage, SIGNATURE_DECLINED } from '../displayMessage.ts'
import type { ModalController } from '../modal/index.ts'
import type { RouterController } from '../router/index.ts'
import { FrameRequestError } from './errors.ts'
import type { ApprovalRequest } from './provider.ts'
import type { FrameClient } from './types.ts'

export type ApproverDeps = {
  frame(): Promise<Pick<FrameClient, 'request'>>
  modal: Pick<ModalController, 'state' | 'open' | 'close'>
  router: Pick<RouterController, 'state' | 'push' | 'goBack' | 'replace'>
  snackbar: { showError(message: string): void }
}

const VIEW = 'ApproveTransaction'

/**
 * Runs unsafe calls one at a time through the ApproveTransaction view: opens it (or the
 * modal on it), sends RPC_REQUEST, and once the frame answers goes back, or closes the modal it
 * opened. Leaving the view or closing the modal meanwhile sends RPC_ABORT: the call then fails
 * with the frame's 4001. A refusal of an approval that opened the modal itself (no view of the kit
 * asked for it) shows 'Signature declined', as the kit's own views do, and any other failure its
 * plain message. The view's title names the request (a signature request, a transaction).
 * @example const approve = createApprover({ frame, modal, router }); await approve({ method: 'personal_sign', params, chainId })
 */
export function createApprover(deps: ApproverDeps): (request: ApprovalRequest) => Promise<unknown> {
  const { modal, router } = deps
  // The frame shows one approval at a time; so does the view.
  let queue: Promise<unknown> = Promise.resolve()

  async function run(request: ApprovalRequest): Promise<unknown> {
    const frame = await deps.frame()
    const wasOpen = modal.state.get().open
    const data = { approvalMethod: request.method }
    if (wasOpen) router.push(VIEW, data)
    else modal.open({ view: VIEW, data })
    let left = false
    const abort = () => {
      if (left) return
      left = true
      void frame.request('RPC_ABORT', {}).catch(() => {})
    }
    const stopModal = modal.state.subscribe((state) => {
      if (!state.open) abort()
    })
    const stopRouter = router.state.subscribe((state) => {
      if (state.view !== VIEW) abort()
    })
    try {
      return await frame.request('RPC_REQUEST', {
        method: request.method,
        params: request.params,
        ...(request.chainId === undefined ? {} : { chainId: request.chainId }),
        ...(request.caipNetworkId === undefined ? {} : { caipNetworkId: request.caipNetworkId }),
      })
    } catch (error) {
      // Asked by the site, not by a view of the kit: the modal closes, so the visitor is told here.
      if (!wasOpen && error instanceof FrameRequestError) {
        deps.snackbar.showError(
          error.code === USER_REJECTED_CODE ? SIGNATURE_DECLINED : displayMessage(error),
        )
      }
      throw error
    } finally {
      stopModal()
      stopRouter()
      if (!left && modal.state.get().open && router.state.get().view === VIEW) {
        if (wasOpen) router.goBack()
        // A required sign-in without a session keeps the modal open; it asks for that next.
        else if (!modal.close()) router.replace('SIWXSignMessage')
      }
    }
  }

  return (request) => {
    const result = queue.then(() => run(request))
    queue = result.catch(() => {})
    return result
  }
}
