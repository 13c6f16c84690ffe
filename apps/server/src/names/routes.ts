import {
  errorResponse,
  nameParams,
  nameRecord,
  profileAddressParams,
  profileQuery,
  registerNameBody,
  suggestionsQuery,
  suggestionsResponse,
  updateNameAddressBody,
  updateNameAttributesBody,
} from '@latch/protocol'
import { ROUTE_SCHEMAS } from '@latch/protocol/route-schemas'
import { ROUTES } from '@latch/protocol/routes'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ReadThroughCache } from '../cache/ttlCache.ts'
import type { ChainClient } from '../chains/clients.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { refreshIdentities } from '../identity/identityCache.ts'
import type { IdentitySource } from '../identity/identitySource.ts'
import { SharedRateLimiter } from '../rateLimits/sharedRateLimiter.ts'
import type { RedisConnection } from '../redis/connection.ts'
import { nameKey, parseName } from './nameRules.ts'
import type { NameStore } from './nameStore.ts'
import type { NameChange, NamesContext } from './namesContext.ts'
import { nameNotRegistered } from './nameWrites.ts'
import { registerFromMessage } from './register.ts'
import { suggestNames } from './suggestions.ts'
import { updateAddressFromMessage, updateAttributesFromMessage } from './updates.ts'

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  429: errorResponse,
  503: errorResponse,
}

const signedBodyDescription =
  'The body: `coin_type` (ENSIP-11: `0x80000000 | chainId` for one EVM chain; 60, or ' +
  "ENSIP-19's default 2147483648, for an EVM address on every configured chain), the signing " +
  '`address` (plain 0x or CAIP-10), the signed `message` text and its `signature` (EIP-191; ' +
  'ERC-1271 or ERC-6492 for a smart account, checked on the chain of `coin_type`, or on each ' +
  'configured chain in turn for 60 and 2147483648). The message ' +
  "timestamp (unix seconds) must be within 300 s of the server's clock. Each rule broken is a " +
  "400 with its own message; a signature that is not the address's, 401 'Invalid signature'. " +
  'Registrations and updates: 20 a minute per IP.'

/**
 * Names (`/v1/profile/*`): register a name by a signed message, look it up by
 * name or address, suggest free names, and signed updates of its attributes and addresses.
 * Every change reloads the identity cache of the addresses it touched.
 */
export const profileRoutes =
  (deps: {
    store: NameStore
    db: Database
    chains: Map<number, ChainClient>
    zone: string
    allowLocalhost: boolean
    writesPerMinute: number
    /** Where the per-IP write limit is shared by every instance (memory without it). */
    redis: RedisConnection | undefined
    identity: { cache: ReadThroughCache; sources: readonly IdentitySource[] }
    /** Milliseconds since the epoch, for message timestamps; tests pass their own. */
    now?: () => number
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = new SharedRateLimiter({
      name: 'name-writes',
      max: deps.writesPerMinute,
      windowMs: 60_000,
      redis: deps.redis,
      log: app.log,
    })
    const everyChain = [...deps.chains.values()]
    const contextOf = (request: FastifyRequest): NamesContext => ({
      db: deps.db,
      chains: deps.chains,
      zone: deps.zone,
      allowLocalhost: deps.allowLocalhost,
      now: deps.now ?? Date.now,
      log: request.log,
    })
    /** Counts the write against the IP's limit, runs it, then refreshes the identities it touched. */
    const write = async <Result>(
      request: FastifyRequest,
      change: (context: NamesContext) => Promise<NameChange<Result>>,
    ): Promise<Result> => {
      await limiter.hit(request.ip)
      const { result, addresses } = await change(contextOf(request))
      const refresh = { ...deps.identity, chains: everyChain, log: request.log }
      await Promise.all(addresses.map((address) => refreshIdentities(refresh, address)))
      return result
    }

    app.post(
      ROUTES.registerName.path,
      {
        schema: {
          tags: ['profile'],
          summary: 'Registers a name by a signed message',
          description:
            'The message is the JSON text of `{ name, attributes?, timestamp }`: `name` is ' +
            '`<label>.<zone>` (letters, digits and hyphens, 4 to 63, lower-cased), `attributes` ' +
            "avatar and bio. A name already registered, under any coin type, is a 400 'Name is " +
            `already registered'. An address may hold several names. ${signedBodyDescription}`,
          querystring: profileQuery,
          body: registerNameBody,
          response: { 200: nameRecord, ...errors },
        },
      },
      (request) => write(request, (context) => registerFromMessage(context, request.body)),
    )

    app.get(
      ROUTES.nameOf.path,
      {
        schema: {
          tags: ['profile'],
          summary: 'A name: its addresses by coin type and its attributes',
          description:
            'With `apiVersion=2` a name not registered is `[]`; without, a 404. Names are matched ' +
            'lower-cased.',
          params: nameParams,
          querystring: profileQuery,
          response: { 200: ROUTE_SCHEMAS.nameOf.response, ...errors },
        },
      },
      async (request) => {
        const record = await deps.store.find(nameKey(request.params.name))
        if (record) return record
        if (request.query.apiVersion === 2) return []
        throw nameNotRegistered(nameKey(request.params.name))
      },
    )

    app.get(
      ROUTES.namesOf.path,
      {
        schema: {
          tags: ['profile'],
          summary: 'The names of an address, under any coin type',
          description:
            'Names the address signed for itself (registered, or added by its own signature), ' +
            'the one it got last first; `[]` when none. `sender` is accepted and not used.',
          params: profileAddressParams,
          querystring: profileQuery,
          response: { 200: ROUTE_SCHEMAS.namesOf.response, ...errors },
        },
      },
      (request) => deps.store.findByAddress(request.params.address),
    )

    app.get(
      ROUTES.nameSuggestions.path,
      {
        schema: {
          tags: ['profile'],
          summary: 'Whether a name is free, and free variants of it',
          description:
            'The asked name (a label, or `<label>.<zone>`), normalised, first with whether it is ' +
            'registered; then up to 5 free variants. A name breaking a rule is a 400 with its ' +
            "message; a `zone` other than the server's, a 400.",
          params: nameParams,
          querystring: suggestionsQuery,
          response: { 200: suggestionsResponse, ...errors },
        },
      },
      async (request) => {
        const { zone } = request.query
        if (zone !== undefined && zone.toLowerCase() !== deps.zone)
          throw new HttpError(400, `Unknown zone ${zone}: names here are under ${deps.zone}`)
        const asked = parseName(request.params.name, deps.zone, { bareLabel: true })
        return suggestNames(deps.store, asked)
      },
    )

    app.post(
      ROUTES.nameAttributes.path,
      {
        schema: {
          tags: ['profile'],
          summary: "Updates a name's attributes, signed by one of its addresses",
          description:
            'The message is the JSON text of `{ name, attributes, timestamp }`, `name` the one in ' +
            'the path; the body names the signing address and its coin type, which must be an ' +
            'address of the name (else 401). Attributes are merged; an empty value removes one. ' +
            signedBodyDescription,
          params: nameParams,
          querystring: profileQuery,
          body: updateNameAttributesBody,
          response: { 200: nameRecord, ...errors },
        },
      },
      (request) =>
        write(request, (context) =>
          updateAttributesFromMessage(context, request.params.name, request.body),
        ),
    )

    app.post(
      ROUTES.nameAddress.path,
      {
        schema: {
          tags: ['profile'],
          summary:
            "Adds or replaces a name's address for a coin type, signed by one of its addresses",
          description:
            'The message is the JSON text of `{ name, coin_type, address, timestamp }`: the coin ' +
            'type and address to set. The body names the signing address and its coin type, ' +
            'which must be an address of the name (else 401). The new address shows the name in ' +
            'reverse lookups and identity only when it is the signer itself. ' +
            signedBodyDescription,
          params: nameParams,
          querystring: profileQuery,
          body: updateNameAddressBody,
          response: { 200: nameRecord, ...errors },
        },
      },
      (request) =>
        write(request, (context) =>
          updateAddressFromMessage(context, request.params.name, request.body),
        ),
    )
  }
