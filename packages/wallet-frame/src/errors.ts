import type { FrameError } from '@latch/protocol/frame'

/** An error the frame answers a request with: its message (and EIP-1193 code) reach the app. */
export class FrameRequestError extends Error {
  override name = 'FrameRequestError'
  readonly code: number | undefined

  constructor(message: string, code?: number) {
    super(message)
    this.code = code
  }
}

/** What the app is told of a failure the frame did not mean to raise (a bug, a browser quirk). */
export const UNEXPECTED_ERROR_MESSAGE = 'The wallet could not do this: try again'

/**
 * The ERROR payload for anything a handler threw: a FrameRequestError's message and code (the
 * frame's or the server's own words); anything else is a plain message, never its internals.
 */
export function toFrameError(error: unknown): FrameError {
  if (error instanceof FrameRequestError) {
    return error.code === undefined
      ? { message: error.message }
      : { message: error.message, code: error.code }
  }
  return { message: UNEXPECTED_ERROR_MESSAGE }
}
