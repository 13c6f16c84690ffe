import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MALFORMED_MESSAGES } from '../src/names/messages.ts'
import { MESSAGE_USED, NOT_AN_OWNER } from '../src/names/nameWrites.ts'
import { INVALID_SIGNATURE } from '../src/names/signatures.ts'
import { DIALECTS, startTestServer, type TestServer } from './helpers.ts'
import {
  COIN_A,
  COIN_B,
  chainB,
  expectError,
  freshKey,
  freshLabel,
  namesApi,
  nowSeconds,
  signedBody,
  ZONE,
} from './namesFixtures.ts'

describe.each(DIALECTS)('names: signed updates on %s', (dialect) => {
  let server: TestServer
  let api: ReturnType<typeof namesApi>
  beforeAll(async () => {
    server = await startTestServer(dialect)
    api = namesApi(server)
  })
  afterAll(async () => {
    await server?.close()
  })

  const registered = () =>
    api.registerFresh({ attributes: { bio: 'first bio', avatar: 'https://img.example/1.png' } })

  describe('attributes', () => {
    it('merges the signed attributes; an empty value removes one; the history keeps both', async () => {
      const { name, signer, record } = await registered()
      const response = await api.updateAttributes(
        name,
        await signedBody(signer, {
          name,
          attributes: { avatar: 'https://img.example/2.png', bio: '' },
          timestamp: nowSeconds(),
        }),
      )
      expect(response.statusCode).toBe(200)
      const updated = response.json()
      expect(updated).toEqual({
        ...record,
        attributes: { avatar: 'https://img.example/2.png' },
        updated_at: expect.any(String),
      })
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(record.updated_at))
      expect((await api.lookup(name)).json()).toEqual(updated)
      const history = await server.db.query<Record<string, unknown>>(
        'select kind, before, after from name_changes where name = $1 order by id',
        [name],
      )
      expect(history.map((row) => row.kind)).toEqual(['register', 'attributes'])
      expect(history[1]).toMatchObject({
        before: { attributes: record.attributes },
        after: { attributes: { avatar: 'https://img.example/2.png' } },
      })
    })

    it('refuses a signer that is not an address of the name: 401', async () => {
      const { name } = await registered()
      const stranger = freshKey()
      const body = await signedBody(stranger, {
        name,
        attributes: { bio: 'mine' },
        timestamp: nowSeconds(),
      })
      expectError(await api.updateAttributes(name, body), 401, NOT_AN_OWNER)
      // The address of the name, on another coin type than the one it has, is not it either.
      const { name: other, signer } = await registered()
      const wrongCoin = await signedBody(
        signer,
        { name: other, attributes: { bio: 'x' }, timestamp: nowSeconds() },
        { coinType: COIN_B },
      )
      expectError(await api.updateAttributes(other, wrongCoin), 401, NOT_AN_OWNER)
    })

    it("refuses a signature that is not the body address's: 401", async () => {
      const { name, signer } = await registered()
      const body = await signedBody(
        signer,
        { name, attributes: { bio: 'forged' }, timestamp: nowSeconds() },
        { signWith: freshKey() },
      )
      expectError(await api.updateAttributes(name, body), 401, INVALID_SIGNATURE)
    })

    it('refuses a message signed for another name', async () => {
      const { name, signer } = await registered()
      const { name: victim } = await registered()
      const body = await signedBody(signer, {
        name,
        attributes: { bio: 'x' },
        timestamp: nowSeconds(),
      })
      expectError(
        await api.updateAttributes(victim, body),
        400,
        `message.name must be the name being updated (${victim})`,
      )
    })

    it('refuses a replayed message: 401', async () => {
      const { name, signer } = await registered()
      const body = await signedBody(signer, {
        name,
        attributes: { bio: 'once' },
        timestamp: nowSeconds(),
      })
      expect((await api.updateAttributes(name, body)).statusCode).toBe(200)
      expectError(await api.updateAttributes(name, body), 401, MESSAGE_USED)
    })

    it('keeps the rules of registration: attributes, timestamp, message shape', async () => {
      const { name, signer } = await registered()
      const sign = (message: Record<string, unknown> | string) => signedBody(signer, message)
      expectError(
        await api.updateAttributes(
          name,
          await sign({ name, attributes: { url: 'x' }, timestamp: nowSeconds() }),
        ),
        400,
        /^Unknown attribute "url"/,
      )
      expectError(
        await api.updateAttributes(
          name,
          await sign({ name, attributes: {}, timestamp: nowSeconds() - 400 }),
        ),
        400,
        /^Message timestamp must be within 300 seconds/,
      )
      expectError(
        await api.updateAttributes(name, await sign({ name, timestamp: nowSeconds() })),
        400,
        MALFORMED_MESSAGES.attributes,
      )
    })

    it('answers 404 for a name not registered', async () => {
      const name = `${freshLabel()}.${ZONE}`
      const body = await signedBody(freshKey(), { name, attributes: {}, timestamp: nowSeconds() })
      expectError(await api.updateAttributes(name, body), 404, `Name ${name} is not registered`)
    })
  })

  describe('addresses', () => {
    const addressMessage = (name: string, coinType: number, address: string) => ({
      name,
      coin_type: coinType,
      address,
      timestamp: nowSeconds(),
    })

    it('adds the signer for another coin type: the name shows for it on that chain', async () => {
      const { name, signer, record } = await registered()
      const response = await api.updateAddress(
        name,
        await signedBody(signer, addressMessage(name, COIN_B, signer.address)),
      )
      expect(response.statusCode).toBe(200)
      expect(response.json().addresses).toEqual({
        [COIN_A]: record.addresses[COIN_A],
        [COIN_B]: { address: signer.address, created: expect.any(String) },
      })
      const identity = await api.identity(signer.address, `?chainId=eip155:${chainB.chainId}`)
      expect(identity.json()).toEqual({ name, avatar: 'https://img.example/1.png' })
      expect((await api.reverse(signer.address)).json()).toHaveLength(1)
    })

    it("sets another's address as a forward record only: no reverse name, no identity", async () => {
      const { name, signer } = await registered()
      const other = freshKey()
      const response = await api.updateAddress(
        name,
        await signedBody(signer, addressMessage(name, COIN_B, other.address.toLowerCase())),
      )
      expect(response.statusCode).toBe(200)
      expect(response.json().addresses[COIN_B].address).toBe(other.address)
      expect((await api.reverse(other.address)).json()).toEqual([])
      expect((await api.identity(other.address)).json()).toEqual({ name: null, avatar: null })
    })

    it('replaces the address of a coin type: the old one loses the name at once', async () => {
      const { name, signer } = await registered()
      // Cached first: the change must not leave this entry behind.
      expect((await api.identity(signer.address)).json().name).toBe(name)
      const next = freshKey()
      const response = await api.updateAddress(
        name,
        await signedBody(signer, addressMessage(name, COIN_A, next.address)),
      )
      expect(response.statusCode).toBe(200)
      expect(response.json().addresses).toEqual({
        [COIN_A]: { address: next.address, created: expect.any(String) },
      })
      expect((await api.identity(signer.address)).json()).toEqual({ name: null, avatar: null })
      expect((await api.reverse(signer.address)).json()).toEqual([])
      // The old address is no longer the name's: it cannot change it.
      const late = await signedBody(signer, {
        name,
        attributes: { bio: 'x' },
        timestamp: nowSeconds(),
      })
      expectError(await api.updateAttributes(name, late), 401, NOT_AN_OWNER)
    })

    it('refuses a signer that is not an address of the name, and a bad message', async () => {
      const { name } = await registered()
      const stranger = freshKey()
      expectError(
        await api.updateAddress(
          name,
          await signedBody(stranger, addressMessage(name, COIN_B, stranger.address)),
        ),
        401,
        NOT_AN_OWNER,
      )
      const { name: own, signer } = await registered()
      expectError(
        await api.updateAddress(
          own,
          await signedBody(signer, { name: own, coin_type: COIN_B, timestamp: nowSeconds() }),
        ),
        400,
        MALFORMED_MESSAGES.address,
      )
      expectError(
        await api.updateAddress(
          own,
          await signedBody(signer, addressMessage(own, 0x80000001, signer.address)),
        ),
        400,
        'Coin type 2147483649 is eip155:1, a chain this server does not support',
      )
    })
  })
})
