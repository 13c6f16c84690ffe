import type { FrameRequestName } from '@latch/protocol/frame'
import { LatchError } from '../errors.ts'

/** The frame answered a request with an error: its message is shown as-is (e.g. the server's). */
export class FrameRequestError extends LatchError {
  override name = 'FrameRequestError'
  /** The EIP-1193 code the frame gave, e.g. 4001 when the user pressed Reject. */
  readonly code: number | undefined

  constructor(message: string, code?: number) {
    super(message)
    this.code = code
  }
}

/** The frame did not answer in time: 'Embedded Wallet Request Timed Out'. */
export class FrameTimeoutError extends LatchError {
  override name = 'FrameTimeoutError'
  constructor(request: FrameRequestName) {
    super('Embedded Wallet Request Timed Out', {
      details: `No answer to ${request} from the wallet frame.`,
    })
  }
}

/** The frame did not load: 'Embedded wallet load failed'; requests fail until it does. */
export class FrameLoadError extends LatchError {
  override name = 'FrameLoadError'
  constructor(details = 'The wallet frame did not say it was ready in time.') {
    super('Embedded wallet load failed', { details })
  }
}

/** An EIP-1193 error of the embedded wallet's provider: viem and wagmi read its `code`. */
export class EmbeddedProviderError extends LatchError {
  override name = 'EmbeddedProviderError'
  readonly code: number

  constructor(message: string, code: number, options: { cause?: unknown } = {}) {
    super(message, options)
    this.code = code
  }
}
