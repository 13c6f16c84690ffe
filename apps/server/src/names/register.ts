import type { NameRecord, RegisterNameBody } from '@latch/protocol'
import { HttpError } from '../errors.ts'
import { checkAttributes, checkTimestamp, parseRegisterMessage } from './messages.ts'
import { parseName } from './nameRules.ts'
import type { NameChange, NamesContext } from './namesContext.ts'
import { signerOf } from './namesContext.ts'
import { registerName } from './nameWrites.ts'
import { chainsOfCoin, requireSignedBy } from './signatures.ts'

/**
 * POST /v1/profile/account: checks the signed message (readable or JSON) rule by rule, each its
 * own 400, then the signature on the coin type's chain, or any configured EVM chain for coin type
 * 60 and ENSIP-19's default (401), then registers the name (400 when
 * taken).
 */
export async function registerFromMessage(
  context: NamesContext,
  body: RegisterNameBody,
): Promise<NameChange<NameRecord>> {
  const message = parseRegisterMessage(body.message)
  // The readable form names who registers: it must be who signed.
  if (message.address !== undefined && message.address.toLowerCase() !== body.address.toLowerCase())
    throw new HttpError(400, 'The message registers the name for another address than `address`')
  const name = parseName(message.name, context.zone)
  const attributes = checkAttributes(message.attributes ?? {}, context)
  checkTimestamp(message.timestamp, context.now())
  await requireSignedBy(chainsOfCoin(context.chains, body.coin_type), body, context.log)
  const signer = signerOf(body)
  const record = await registerName(context.db, { name, attributes, signer })
  return { result: record, addresses: [signer.address] }
}
