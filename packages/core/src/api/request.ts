import { type PathParams, pathOf, ROUTES, type Route } from '@latch/protocol/routes'
import { type AnswerOf, createAnswerCheck, type RouteName } from './checkAnswer.ts'
import type { Query, Send } from './send.ts'

/** The values of a route's path parameters. */
export type ParamsOf<Name extends RouteName> = PathParams<(typeof ROUTES)[Name]['path']>

/**
 * Calls a route of the table by name, with its path parameters, query and body, and gives its
 * answer checked against the route's schema (UnexpectedAnswerError when it is off).
 */
export function createRequest(send: Send) {
  const answers = createAnswerCheck()
  return async function request<Name extends RouteName>(
    name: Name,
    params: ParamsOf<Name>,
    query: Query = {},
    body?: object,
  ): Promise<AnswerOf<Name>> {
    answers.preload()
    const route: Route = ROUTES[name]
    const path = pathOf(route, params as PathParams<string>)
    return answers.check(
      name,
      `${route.method} ${path}`,
      await send(route.method, path, query, body),
    )
  }
}
