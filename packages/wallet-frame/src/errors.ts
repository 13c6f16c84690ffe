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

/** The ERROR payload for anything a handler threw; only FrameRequestError keeps its code. */
export function toFrameError(error: unknown): FrameError {
  if (error instanceof FrameRequestError) {
    return error.code === undefined
      ? { message: error.message }
      : { message: error.message, code: error.code }
  }
  if (error instanceof Error && error.message) return { message: error.message }
  return { message: 'Unexpected error' }
}
