import { LatchError } from '../errors.ts'

/** A non-OK answer from the server: 'HTTP status code: {status}', with the server's message. */
export class HttpStatusError extends LatchError {
  override name = 'HttpStatusError'
  readonly status: number

  constructor(status: number, serverMessage: string | undefined) {
    super(`HTTP status code: ${status}`, serverMessage ? { details: serverMessage } : {})
    this.status = status
  }
}
