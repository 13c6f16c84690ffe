import type { FastifyReply } from 'fastify'

/** Aborts when the caller hangs up: a long poll for nobody stops polling the database. */
export function hangUpSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}
