import type { NameRecord, RegisterNameBody } from '@latch/protocol'
import { getAddress } from 'viem'
import { HttpError } from '../errors.ts'
import { checkAttributes, checkTimestamp, parseSignedMessage } from './messages.ts'
import { nameKey } from './nameRules.ts'
import { type NameChange, type NamesContext, signerOf } from './namesContext.ts'
import { setNameAddress, updateNameAttributes } from './nameWrites.ts'
import { chainsOfCoin, isSignedBy, requireSignedBy } from './signatures.ts'

/** The message must name the name of the path: a signature for one name is no use on another. */
function requireSameName(pathName: string, messageName: string): void {
  if (nameKey(messageName) !== pathName)
    throw new HttpError(400, `message.name must be the name being updated (${pathName})`)
}

/**
 * POST /v1/profile/account/{name}/attributes: message `{ name, attributes, timestamp }`, signed
 * by an address of the name (body coin_type and address). Attributes are merged; "" removes one.
 */
export async function updateAttributesFromMessage(
  context: NamesContext,
  pathName: string,
  body: RegisterNameBody,
): Promise<NameChange<NameRecord>> {
  const name = nameKey(pathName)
  const message = parseSignedMessage('attributes', body.message)
  requireSameName(name, message.name)
  const attributes = checkAttributes(message.attributes, context)
  checkTimestamp(message.timestamp, context.now())
  await requireSignedBy(chainsOfCoin(context.chains, body.coin_type), body, context.log)
  const record = await updateNameAttributes(context.db, {
    name,
    attributes,
    signer: signerOf(body),
  })
  // The avatar shows in the identity of every address of the name.
  return {
    result: record,
    addresses: Object.values(record.addresses).map((entry) => entry.address),
  }
}

/**
 * POST /v1/profile/account/{name}/address: message `{ name, coin_type, address, timestamp }`,
 * signed by an address of the name; adds or replaces the name's address for that coin type.
 * The new address shows the name in reverse lookups and identity only when it signed this
 * itself (it is the signer, and the signature holds on the new coin type's chain too).
 */
export async function updateAddressFromMessage(
  context: NamesContext,
  pathName: string,
  body: RegisterNameBody,
): Promise<NameChange<NameRecord>> {
  const name = nameKey(pathName)
  const message = parseSignedMessage('address', body.message)
  requireSameName(name, message.name)
  checkTimestamp(message.timestamp, context.now())
  const signerChains = chainsOfCoin(context.chains, body.coin_type)
  const targetChains = chainsOfCoin(context.chains, message.coin_type)
  await requireSignedBy(signerChains, body, context.log)
  const address = getAddress(message.address)
  const selfSigned = address.toLowerCase() === body.address.toLowerCase()
  // Checked again only when the new coin type reaches a chain the signer's did not.
  const verified =
    selfSigned &&
    (targetChains.every((chain) => signerChains.includes(chain)) ||
      (await isSignedBy(targetChains, body, context.log)))
  const { record, replaced } = await setNameAddress(context.db, {
    name,
    coinType: message.coin_type,
    address,
    verified,
    signer: signerOf(body),
  })
  return { result: record, addresses: replaced ? [address, replaced] : [address] }
}
