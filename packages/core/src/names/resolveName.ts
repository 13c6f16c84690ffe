import type { NameRecord } from '@latch/protocol'
import { chainOfCoinType, coinTypeOfChain } from '@latch/protocol/names'
import { type Address, getAddress } from 'viem'
import type { ApiClient } from '../api/client.ts'
import { LatchError } from '../errors.ts'
import { ERROR_RESOLVING_NAME, nameNotRegistered, nameWithoutAddress } from './errors.ts'

// With its 0x: a record's addresses are as the server stored them, prefixed.
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * Whether a receiver the visitor typed is a name to resolve rather than an address: it holds a
 * dot and does not start with 0x.
 * @example isNameLike('alice.latch.id') // true
 */
export function isNameLike(value: string): boolean {
  const trimmed = value.trim()
  return trimmed.includes('.') && !/^0x/i.test(trimmed)
}

/**
 * The address a name points to on `chainId`: its address for the chain's coin type (ENSIP-11),
 * else its first EVM address (lowest coin type); undefined when it has none.
 * @example addressOfName(record, 31337)
 */
export function addressOfName(record: NameRecord, chainId: number): Address | undefined {
  const exact = record.addresses[String(coinTypeOfChain(chainId))]?.address
  if (exact && EVM_ADDRESS.test(exact)) return getAddress(exact)
  const evm = Object.entries(record.addresses)
    .map(([coinType, entry]) => ({ coinType: Number(coinType), address: entry.address }))
    .filter(
      (entry) =>
        Number.isInteger(entry.coinType) &&
        chainOfCoinType(entry.coinType) !== undefined &&
        EVM_ADDRESS.test(entry.address),
    )
    .sort((a, b) => a.coinType - b.coinType)
  const first = evm[0]?.address
  return first ? getAddress(first) : undefined
}

/**
 * Resolves a registered name to the address to send to on `chainId` (GET
 * /v1/profile/account/{name}?apiVersion=2).
 * @throws LatchError '{name} is not a registered name', '{name} has no address to send to', or
 *   'Error resolving name' when the lookup itself failed.
 * @example await resolveName(api, 'alice.latch.id', 31337) // '0x7099...'
 */
export async function resolveName(
  api: Pick<ApiClient, 'profileAccount'>,
  name: string,
  chainId: number,
): Promise<Address> {
  const asked = name.trim().toLowerCase()
  let record: NameRecord | undefined
  try {
    record = await api.profileAccount(asked)
  } catch (error) {
    throw new LatchError(ERROR_RESOLVING_NAME, {
      details: `Could not look up ${asked}`,
      cause: error,
    })
  }
  // The server answered: the name is unknown, or points nowhere this chain can send to. Those are
  // facts to state, not a failed lookup.
  if (!record) throw new LatchError(nameNotRegistered(asked))
  const address = addressOfName(record, chainId)
  if (!address) throw new LatchError(nameWithoutAddress(asked))
  return address
}
