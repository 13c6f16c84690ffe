import { LatchError } from '../errors.ts'

/** What to show the visitor for a failure: the frame's (the server's) message as-is. */
export function messageOf(error: unknown): string {
  if (error instanceof LatchError) return error.shortMessage
  if (error instanceof Error) return error.message.split('\n')[0] || 'Something went wrong'
  return 'Something went wrong'
}
