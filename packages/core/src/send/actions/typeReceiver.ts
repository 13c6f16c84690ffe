import { displayText } from '../../displayMessage.ts'
import type { SendContext } from '../sendContext.ts'

/**
 * The receiver as typed, in the form. A name is looked up once typing pauses, its answer kept only
 * while it is still the name typed; an address needs no look-up.
 */
export function typeReceiver(context: SendContext, receiver: string): void {
  if (context.state().step !== 'form') return
  context.nameTimer.cancel()
  context.dispatch({ type: 'receiverTyped', receiver })
  const resolution = context.state().resolution
  if (resolution.status !== 'resolving') return
  const { name } = resolution
  context.nameTimer.start(() => {
    context.deps.resolveName(name).then(
      (address) =>
        context.dispatch({
          type: 'nameAnswered',
          resolution: { status: 'resolved', name, address },
        }),
      (error: unknown) =>
        context.dispatch({
          type: 'nameAnswered',
          resolution: { status: 'error', name, message: displayText(error) },
        }),
    )
  })
}
