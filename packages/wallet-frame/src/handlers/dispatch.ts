import type { FrameReply, FrameRequestName } from '@latch/protocol/frame'
import { toFrameError } from '../errors.ts'
import type { AcceptedRequest } from '../messages/acceptMessage.ts'
import { errorReply, successReply } from '../messages/replies.ts'
import type { Handler } from './context.ts'
import type { Handlers } from './createHandlers.ts'

/** Runs the request's handler and resolves with the reply to post: SUCCESS or ERROR, never throws. */
export async function dispatch(request: AcceptedRequest, handlers: Handlers): Promise<FrameReply> {
  const { name, id } = request
  const handler = handlers[name] as Handler<FrameRequestName>
  try {
    return successReply(name, id, await handler(request.payload, { id }))
  } catch (error) {
    return errorReply(name, id, toFrameError(error))
  }
}
