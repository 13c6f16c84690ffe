import { LatchError } from '../errors.ts'

/**
 * The server answered with a shape its route does not give: 'Unexpected answer from the server',
 * the details naming the call and the first field that is off, so that a wrong value never passes
 * for a right one.
 */
export class UnexpectedAnswerError extends LatchError {
  override name = 'UnexpectedAnswerError'

  constructor(call: string, problem: string) {
    super('Unexpected answer from the server', { details: `${call}: ${problem}` })
  }
}
