import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { DATABASE_UNAVAILABLE_MESSAGE, DatabaseUnavailableError } from '../db/unavailable.ts'
import { HttpError, STATUS_NAMES } from '../errors.ts'

/** The body of an error answer. */
export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message }
}

/**
 * The error shape of every route, on both listeners: `{statusCode, error, message}`; bad input is
 * a 400 with the validator's message, an HttpError its own status, anything else a logged 500.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
        return where
          ? `${error.validationContext ?? 'request'}.${where}: ${issue.message}`
          : issue.message
      })
      return reply.code(400).send(errorBody(400, details.join('; ')))
    }
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message))
    // The database down or restarting: the caller may retry; the driver's words stay in the log.
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ err: error }, 'database unavailable')
      return reply.code(503).send(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE))
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send(errorBody(400, 'Body is not valid JSON'))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500)
      return reply.code(status).send(errorBody(status, error.message))
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send(errorBody(500, 'Something went wrong'))
  })
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]}`)),
  )
}
