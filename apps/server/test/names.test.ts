import {
  CONTROL_CHARACTER_MESSAGE,
  formatReadableRegisterNameMessage,
  LONE_SURROGATE_MESSAGE,
  NAME_MESSAGE_MAX_AGE_SECONDS,
  nameRecord,
} from '@latch/protocol'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.ts'
import { MALFORMED_MESSAGES } from '../src/names/messages.ts'
import { NAME_RULE_MESSAGES } from '../src/names/nameRules.ts'
import { NAME_TAKEN } from '../src/names/nameWrites.ts'
import { INVALID_SIGNATURE } from '../src/names/signatures.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'
import {
  COIN_A,
  COIN_B,
  expectError,
  freshKey,
  freshLabel,
  namesApi,
  nowSeconds,
  signedBody,
  ZONE,
} from './namesFixtures.ts'

describe.each(DIALECTS)('names: registration and lookups on %s', (dialect) => {
  let server: TestServer
  let api: ReturnType<typeof namesApi>
  beforeAll(async () => {
    server = await startTestServer(dialect)
    api = namesApi(server)
  })
  afterAll(async () => {
    await server?.close()
  })

  /** Registers `message` (an object or text) signed by a fresh key; the response. */
  const register = async (message: Record<string, unknown> | string, coinType = COIN_A) =>
    api.register(await signedBody(freshKey(), message, { coinType }))
  const fresh = () => `${freshLabel()}.${ZONE}`
  const message = (change: Record<string, unknown> = {}) => ({
    name: fresh(),
    attributes: {},
    timestamp: nowSeconds(),
    ...change,
  })

  it('registers a name to the signing address and answers its record', async () => {
    const signer = freshKey()
    const name = fresh()
    const before = Date.now()
    const response = await api.register(
      await signedBody(signer, {
        name,
        attributes: { avatar: 'https://img.example/a.png', bio: 'hello' },
        timestamp: nowSeconds(),
      }),
    )
    expect(response.statusCode).toBe(200)
    const record = nameRecord.parse(response.json())
    expect(record).toEqual({
      name,
      registered_at: record.updated_at,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      addresses: { [COIN_A]: { address: signer.address, created: record.registered_at } },
      attributes: { avatar: 'https://img.example/a.png', bio: 'hello' },
    })
    expect(Date.parse(record.registered_at)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(record.registered_at)).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('registers from the readable message the kit signs, binding name, address, attributes and time', async () => {
    const signer = freshKey()
    const name = fresh()
    const readable = (change: Partial<Parameters<typeof formatReadableRegisterNameMessage>[0]>) =>
      formatReadableRegisterNameMessage({
        name,
        address: signer.address,
        attributes: { bio: 'hello' },
        timestamp: nowSeconds(),
        ...change,
      })
    // Each field is checked as in the JSON form...
    const stale = new RegExp(`^Message timestamp must be within ${NAME_MESSAGE_MAX_AGE_SECONDS}`)
    expectError(
      await api.register(await signedBody(signer, readable({ timestamp: nowSeconds() - 400 }))),
      400,
      stale,
    )
    expectError(
      await api.register(
        // A client may sign any attribute; the server refuses what it does not know.
        await signedBody(signer, readable({ attributes: { email: 'a@b.c' } })),
      ),
      400,
      'Unknown attribute "email": a name\'s attributes are avatar, bio',
    )
    // ...and the address it names must be the one that signed.
    expectError(
      await api.register(await signedBody(signer, readable({ address: freshKey().address }))),
      400,
      'The message registers the name for another address than `address`',
    )
    // Changing any line after signing breaks the signature.
    const body = await signedBody(signer, readable({}))
    expectError(
      await api.register({ ...body, message: body.message.replace('hello', 'hullo') }),
      401,
      INVALID_SIGNATURE,
    )
    const response = await api.register(body)
    expect(response.statusCode, response.body).toBe(200)
    expect(nameRecord.parse(response.json())).toMatchObject({
      name,
      addresses: { [COIN_A]: { address: signer.address } },
      attributes: { bio: 'hello' },
    })
  })

  it('looks a name up: the record with apiVersion=2, [] when not registered, 404 without', async () => {
    const { name, record } = await api.registerFresh()
    const found = await api.lookup(name)
    expect(found.statusCode).toBe(200)
    expect(found.json()).toEqual(record)
    expect((await api.lookup(name.toUpperCase())).json()).toEqual(record)

    const missing = fresh()
    const empty = await api.lookup(missing)
    expect(empty.statusCode).toBe(200)
    expect(empty.json()).toEqual([])
    expectError(await api.lookup(missing, ''), 404, `Name ${missing} is not registered`)
  })

  it("lists an address's names in reverse, the one it got last first; [] for none", async () => {
    const signer = freshKey()
    const first = await api.registerFresh({ signer })
    const second = await api.registerFresh({ signer })
    const response = await api.reverse(signer.address.toLowerCase())
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([second.record, first.record])
    const none = await api.reverse(freshKey().address)
    expect(none.statusCode).toBe(200)
    expect(none.json()).toEqual([])
    expectError(await api.reverse('0x1234'), 400, /Expected an EVM address: 0x followed by 40 hex/)
  })

  it('keeps the history of a registration: the message and its signature', async () => {
    const body = await signedBody(freshKey(), message())
    expect((await api.register(body)).statusCode).toBe(200)
    const name = JSON.parse(body.message).name
    const rows = await server.db.query<Record<string, unknown>>(
      'select kind, before, after, signer, message, signature from name_changes where name = $1',
      [name],
    )
    expect(rows).toEqual([
      {
        kind: 'register',
        before: null,
        after: { attributes: {}, addresses: { [COIN_A]: getAddress(body.address) } },
        signer: getAddress(body.address),
        message: body.message,
        signature: body.signature,
      },
    ])
  })

  describe('rules, each with its own answer', () => {
    it('refuses a message that is neither the readable form nor the JSON of { name, attributes, timestamp }', async () => {
      expectError(await register('name=abcd.latch.id'), 400, MALFORMED_MESSAGES.register)
      expectError(
        await register(`Register a name\n\nName: ${fresh()}\nAttributes: none`),
        400,
        MALFORMED_MESSAGES.register,
      )
      expectError(await register({ name: fresh() }), 400, MALFORMED_MESSAGES.register)
      expectError(
        await register(message({ avatar: 'https://img.example/a.png' })),
        400,
        MALFORMED_MESSAGES.register,
      )
    })

    it('lower-cases the name before its checks', async () => {
      const label = freshLabel('MiXeD')
      const response = await register(message({ name: `${label}.LATCH.ID` }))
      expect(response.statusCode).toBe(200)
      expect(response.json().name).toBe(`${label.toLowerCase()}.${ZONE}`)
    })

    it('refuses a label with other characters than letters, digits and hyphens', async () => {
      expectError(
        await register(message({ name: `ab_cd.${ZONE}` })),
        400,
        NAME_RULE_MESSAGES.characters,
      )
      expectError(
        await register(message({ name: `abçd.${ZONE}` })),
        400,
        NAME_RULE_MESSAGES.characters,
      )
    })

    it('refuses a label shorter than 4 or longer than 63 characters', async () => {
      expectError(await register(message({ name: `abc.${ZONE}` })), 400, NAME_RULE_MESSAGES.length)
      expectError(
        await register(message({ name: `${'a'.repeat(64)}.${ZONE}` })),
        400,
        NAME_RULE_MESSAGES.length,
      )
      const longest = `${'b'.repeat(51)}${freshLabel('')}`
      expect(longest).toHaveLength(63)
      expect((await register(message({ name: `${longest}.${ZONE}` }))).statusCode).toBe(200)
    })

    it('refuses a label starting or ending with a hyphen', async () => {
      expectError(
        await register(message({ name: `-abcd.${ZONE}` })),
        400,
        NAME_RULE_MESSAGES.hyphens,
      )
      expectError(
        await register(message({ name: `abcd-.${ZONE}` })),
        400,
        NAME_RULE_MESSAGES.hyphens,
      )
    })

    it('refuses a sub-label', async () => {
      expectError(
        await register(message({ name: `abcd.${freshLabel()}.${ZONE}` })),
        400,
        NAME_RULE_MESSAGES.subLabel(ZONE),
      )
    })

    it('refuses another zone, or no zone', async () => {
      expectError(
        await register(message({ name: `${freshLabel()}.eth` })),
        400,
        NAME_RULE_MESSAGES.zone(ZONE),
      )
      expectError(
        await register(message({ name: freshLabel() })),
        400,
        NAME_RULE_MESSAGES.zone(ZONE),
      )
    })

    it('refuses attributes other than avatar and bio', async () => {
      expectError(
        await register(message({ attributes: { email: 'a@b.c' } })),
        400,
        'Unknown attribute "email": a name\'s attributes are avatar, bio',
      )
      expectError(
        await register(message({ attributes: { bio: 7 } })),
        400,
        MALFORMED_MESSAGES.register,
      )
    })

    it('refuses an attribute longer than 512 characters', async () => {
      expectError(
        await register(message({ attributes: { bio: 'x'.repeat(513) } })),
        400,
        'Attribute bio is longer than 512 characters',
      )
      expect((await register(message({ attributes: { bio: 'x'.repeat(512) } }))).statusCode).toBe(
        200,
      )
    })

    it('takes avatars that are https:, data:image/ or (in development) http: on localhost', async () => {
      for (const avatar of ['javascript:alert(1)', 'http://img.example/a.png', 'data:text/html,x'])
        expectError(
          await register(message({ attributes: { avatar } })),
          400,
          /^Attribute avatar must be an https: URL or a data:image\/ URL/,
        )
      for (const avatar of ['data:image/png;base64,iVBORw0KGgo=', 'http://127.0.0.1:5173/a.png'])
        expect((await register(message({ attributes: { avatar } }))).statusCode).toBe(200)
    })

    it(`refuses a timestamp more than ${NAME_MESSAGE_MAX_AGE_SECONDS} s from the server's time`, async () => {
      const stale = /^Message timestamp must be within 300 seconds of the server's time/
      expectError(await register(message({ timestamp: nowSeconds() - 400 })), 400, stale)
      expectError(await register(message({ timestamp: nowSeconds() + 400 })), 400, stale)
      // Milliseconds are not seconds.
      expectError(await register(message({ timestamp: Date.now() })), 400, stale)
      expect((await register(message({ timestamp: nowSeconds() - 200 }))).statusCode).toBe(200)
    })

    it("refuses a coin type that is not a configured EVM chain's", async () => {
      // 0x80000000 | 1 names Ethereum alone, which this server does not serve (60 means any EVM chain).
      expectError(
        await register(message(), 0x80000001),
        400,
        'Coin type 2147483649 is eip155:1, a chain this server does not support',
      )
      expectError(await register(message(), 0), 400, "Coin type 0 is not an EVM chain's (ENSIP-11)")
      // The second devnet chain is configured: its coin type registers.
      expect((await register(message(), COIN_B)).statusCode).toBe(200)
    })

    it('refuses a signature by another key: 401', async () => {
      const owner = freshKey()
      const body = await signedBody(owner, message(), { signWith: freshKey() })
      expectError(await api.register(body), 401, INVALID_SIGNATURE)
      expect((await api.lookup(JSON.parse(body.message).name)).json()).toEqual([])
    })

    it('refuses a tampered message (the signature is over another text): 401', async () => {
      const signed = await signedBody(freshKey(), message())
      const tampered = { ...signed, message: signed.message.replace('"name":"', '"name":"x') }
      expectError(await api.register(tampered), 401, INVALID_SIGNATURE)
    })

    it('refuses a name already registered, under any coin type', async () => {
      const { name } = await api.registerFresh()
      const again = await signedBody(freshKey(), message({ name }), { coinType: COIN_B })
      expectError(await api.register(again), 400, NAME_TAKEN)
      expectError(await register(message({ name: name.toUpperCase() })), 400, NAME_TAKEN)
    })

    it('refuses a body that is not { coin_type, address, message, signature }', async () => {
      const body = await signedBody(freshKey(), message())
      expectError(await api.register({ ...body, address: 'abc' }), 400, /Expected an EVM address/)
      expectError(await api.register({ ...body, signature: 'zz' }), 400, /signature must be 0x/)
      expectError(await api.register({ ...body, coin_type: -1 }), 400, /coin_type/)
    })
  })

  it('refuses a signed attribute that is not text (a NUL, a lone surrogate) with a 400, in either form', async () => {
    const signer = freshKey()
    for (const bio of ['\u0000', 'a\ud800', '\udc00b']) {
      const forms = [
        message({ attributes: { bio } }),
        formatReadableRegisterNameMessage({
          name: fresh(),
          address: signer.address,
          attributes: { bio },
          timestamp: nowSeconds(),
        }),
      ]
      for (const form of forms) {
        const response = await api.register(await signedBody(signer, form))
        expect(response.statusCode, `${JSON.stringify(bio)}: ${response.body}`).toBe(400)
        expect(response.json().message).toBe(
          `Attribute bio: ${bio === '\u0000' ? CONTROL_CHARACTER_MESSAGE : LONE_SURROGATE_MESSAGE}`,
        )
      }
    }
    // A line break or a tab is text a bio may hold.
    const multiline = await api.register(
      await signedBody(signer, message({ attributes: { bio: 'line one\n\tline two' } })),
    )
    expect(multiline.statusCode, multiline.body).toBe(200)
  })

  it('gives a name to exactly one of 20 concurrent registrations', async () => {
    const name = fresh()
    const signers = Array.from({ length: 20 }, freshKey)
    const bodies = await Promise.all(
      signers.map((signer) =>
        signedBody(signer, { name, attributes: {}, timestamp: nowSeconds() }),
      ),
    )
    const responses = await Promise.all(bodies.map((body) => api.register(body)))
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([200, ...Array(19).fill(400)])
    for (const refused of responses.filter((response) => response.statusCode === 400))
      expect(refused.json().message).toBe(NAME_TAKEN)
    const winner = responses.find((response) => response.statusCode === 200)?.json()
    expect((await api.lookup(name)).json()).toEqual(winner)
    const rows = await server.db.query('select address from name_addresses where name = $1', [name])
    expect(rows).toHaveLength(1)
  })

  describe('suggestions', () => {
    it('answers the asked name first, free, then 5 free valid variants', async () => {
      const label = freshLabel()
      const response = await api.suggestions(label, ZONE)
      expect(response.statusCode).toBe(200)
      const { suggestions } = response.json() as {
        suggestions: { name: string; registered: boolean }[]
      }
      expect(suggestions[0]).toEqual({ name: `${label}.${ZONE}`, registered: false })
      expect(suggestions).toHaveLength(6)
      for (const suggestion of suggestions.slice(1)) {
        expect(suggestion.registered).toBe(false)
        expect(suggestion.name).toMatch(new RegExp(`^${label}[a-z0-9-]+\\.latch\\.id$`))
      }
      expect(new Set(suggestions.map((entry) => entry.name)).size).toBe(6)
    })

    it('says the asked name is registered, and leaves registered variants out', async () => {
      const { name } = await api.registerFresh()
      const label = name.slice(0, -ZONE.length - 1)
      const first = (await api.suggestions(name)).json().suggestions
      expect(first[0]).toEqual({ name, registered: true })
      // Register the first variant offered: it is no longer offered.
      const taken = first[1].name as string
      await api.registerFresh({ label: taken.slice(0, -ZONE.length - 1) })
      const second = (await api.suggestions(label.toUpperCase())).json().suggestions
      expect(second[0]).toEqual({ name, registered: true })
      expect(second.map((entry: { name: string }) => entry.name)).not.toContain(taken)
      expect(second).toHaveLength(6)
    })

    it('refuses an invalid name with the rule it breaks, and another zone', async () => {
      expectError(await api.suggestions('abc'), 400, NAME_RULE_MESSAGES.length)
      expectError(await api.suggestions('ab_cd'), 400, NAME_RULE_MESSAGES.characters)
      expectError(await api.suggestions('abcd.eth'), 400, NAME_RULE_MESSAGES.zone(ZONE))
      expectError(
        await api.suggestions('abcd', 'reown.id'),
        400,
        `Unknown zone reown.id: names here are under ${ZONE}`,
      )
    })
  })

  it(`limits registrations to 20 a minute per IP (429)`, async () => {
    const ip = '203.0.113.9'
    for (let i = 0; i < 20; i++)
      expectError(
        await api.register(await signedBody(freshKey(), 'x'), ip),
        400,
        MALFORMED_MESSAGES.register,
      )
    expectError(
      await api.register(await signedBody(freshKey(), 'x'), ip),
      429,
      /^Too many requests: at most 20 per 60 s/,
    )
    // Another IP is not held back.
    expectError(
      await api.register(await signedBody(freshKey(), 'x')),
      400,
      MALFORMED_MESSAGES.register,
    )
  })

  it('is described in the OpenAPI document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json()
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/profile/account',
        '/v1/profile/account/{name}',
        '/v1/profile/reverse/{address}',
        '/v1/profile/suggestions/{name}',
        '/v1/profile/account/{name}/attributes',
        '/v1/profile/account/{name}/address',
      ]),
    )
  })

  it('asks for a project like every /v1 route', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/v1/profile/account/abcd.${ZONE}?apiVersion=2`,
    })
    expectError(response, 400, 'projectId is required')
  })
})

describe('names: another zone (NAMES_ZONE)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { NAMES_ZONE: 'Names.Example' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('registers and suggests under the configured zone, lower-cased, and refuses latch.id', async () => {
    const api = namesApi(server)
    const name = `${freshLabel()}.names.example`
    const body = await signedBody(freshKey(), { name, attributes: {}, timestamp: nowSeconds() })
    expect((await api.register(body)).json().name).toBe(name)
    const other = await signedBody(freshKey(), {
      name: `${freshLabel()}.${ZONE}`,
      timestamp: nowSeconds(),
    })
    expectError(await api.register(other), 400, NAME_RULE_MESSAGES.zone('names.example'))
    const suggestions = await api.suggestions(name.split('.')[0] as string, 'names.example')
    expect(suggestions.json().suggestions[0]).toEqual({ name, registered: true })
    expectError(await api.suggestions('abcd', ZONE), 400, /^Unknown zone latch\.id/)
  })

  it('refuses a zone that is not a DNS name', () => {
    expect(() => loadConfig({ NAMES_ZONE: 'bad_zone.id' })).toThrow(
      /NAMES_ZONE: NAMES_ZONE must be a DNS name/,
    )
    expect(loadConfig({}).names).toEqual({ zone: ZONE, writesPerMinute: 20 })
  })
})
