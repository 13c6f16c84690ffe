import type { FrameRequestName } from '@latch/protocol/frame'
import type { FrameContext, Handler } from './context.ts'
import { displayHandlers } from './display.ts'
import { emailHandlers } from './email.ts'
import { farcasterHandlers } from './farcaster.ts'
import { rpcHandlers } from './rpc.ts'
import { sessionHandlers } from './session.ts'
import { socialHandlers } from './social.ts'
import { updateEmailHandlers } from './updateEmail.ts'

/** A handler for every request of the protocol. */
export type Handlers = { [N in FrameRequestName]: Handler<N> }

/** Every request's handler, by name: the compiler checks none is missing. */
export function createHandlers(
  context: FrameContext,
  options: { supportsCss?: (property: string, value: string) => boolean } = {},
): Handlers {
  return {
    ...emailHandlers(context),
    ...socialHandlers(context),
    ...farcasterHandlers(context),
    ...sessionHandlers(context),
    ...updateEmailHandlers(context),
    ...displayHandlers(context, options),
    ...rpcHandlers(context),
  }
}
