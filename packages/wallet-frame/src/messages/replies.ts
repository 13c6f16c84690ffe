import {
  FRAME_MESSAGE_PREFIX,
  type FrameError,
  type FrameEvent,
  type FrameEventName,
  type FrameEvents,
  type FrameReply,
  type FrameRequestName,
  type FrameRequests,
} from '@latch/protocol/frame'

/** The `_SUCCESS` reply to request `id`. */
export function successReply<N extends FrameRequestName>(
  name: N,
  id: string,
  result: FrameRequests[N]['result'],
): FrameReply<N> {
  return { type: `${FRAME_MESSAGE_PREFIX}${name}_SUCCESS`, id, payload: result } as FrameReply<N>
}

/** The `_ERROR` reply to request `id`. */
export function errorReply<N extends FrameRequestName>(
  name: N,
  id: string,
  error: FrameError,
): FrameReply<N> {
  return { type: `${FRAME_MESSAGE_PREFIX}${name}_ERROR`, id, payload: error } as FrameReply<N>
}

/** An event the frame raises on its own (no id). */
export function frameEvent<N extends FrameEventName>(
  name: N,
  payload: FrameEvents[N],
): FrameEvent<N> {
  return { type: `${FRAME_MESSAGE_PREFIX}${name}`, payload } as FrameEvent<N>
}
