import type { RegisterNameBody } from '@latch/protocol'
import type { FastifyBaseLogger } from 'fastify'
import { getAddress } from 'viem'
import type { ChainClient } from '../chains/clients.ts'
import type { Database } from '../db/index.ts'
import type { SignedBy } from './nameWrites.ts'

/** What registering and updating names need: the database, the chains, the zone, a clock. */
export type NamesContext = {
  db: Database
  chains: ReadonlyMap<number, ChainClient>
  zone: string
  /** Avatars may be http: URLs on localhost (development). */
  allowLocalhost: boolean
  /** Milliseconds since the epoch; tests pass their own. */
  now: () => number
  log: FastifyBaseLogger
}

/** A name change and the addresses whose identity it may have changed. */
export type NameChange<Result> = { result: Result; addresses: string[] }

/** The signer of a body, as the history keeps it (EIP-55 address). */
export const signerOf = (body: RegisterNameBody): SignedBy => ({
  coinType: body.coin_type,
  address: getAddress(body.address),
  message: body.message,
  signature: body.signature,
})
