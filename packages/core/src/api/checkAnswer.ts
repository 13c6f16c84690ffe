import type { CheckedRoute, RouteAnswer, RouteSchemas } from '@latch/protocol/route-schemas'
import type { ROUTES } from '@latch/protocol/routes'
import { UnexpectedAnswerError } from './unexpectedAnswerError.ts'

type RouteSchemasModule = typeof import('@latch/protocol/route-schemas')

/** A route of the table, by name. */
export type RouteName = keyof typeof ROUTES

/** What a call of the route gives: its checked answer, or unknown for a route with no schema. */
export type AnswerOf<Name extends RouteName> = Name extends CheckedRoute
  ? RouteAnswer<Name>
  : unknown

/**
 * Checks an answer against its route's schema and gives it back when it fits; anything else
 * throws UnexpectedAnswerError. The schemas load with the first call, beside its request
 * (`preload`), so the page's first load carries none of them and no answer waits for them longer
 * than its request took.
 */
export function createAnswerCheck() {
  let schemas: Promise<RouteSchemasModule> | undefined
  const load = () => {
    // A chunk that failed to load is asked for again by the next call, not failed forever.
    schemas ??= import('@latch/protocol/route-schemas').catch((error: unknown) => {
      schemas = undefined
      throw error
    })
    return schemas
  }
  return {
    preload: () => void load().catch(() => {}),
    async check<Name extends RouteName>(
      name: Name,
      call: string,
      answer: unknown,
    ): Promise<AnswerOf<Name>> {
      const byName: { readonly [Route in RouteName]?: RouteSchemas } = (await load()).ROUTE_SCHEMAS
      const schema = byName[name]?.response
      if (!schema) return answer as AnswerOf<Name>
      const checked = schema.safeParse(answer)
      // The answer as sent: the check only vouches for it, so no field a caller reads is dropped.
      if (checked.success) return answer as AnswerOf<Name>
      const [issue] = checked.error.issues
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
      throw new UnexpectedAnswerError(call, `${where}${issue?.message ?? 'not the expected shape'}`)
    },
  }
}
