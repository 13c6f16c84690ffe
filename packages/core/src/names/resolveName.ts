import type { NameRecord } from '@latch/protocol'
import { isEvmAddress } from '@latch/protocol/evm-address'
import { chainOfCoinType, coinTypeOfChain } from '@latch/protocol/names'
import { type Address, getAddress } from 'viem'
import type { ApiClient } from '../api/client.ts'
import { LatchError } from '../errors.ts'
import { ERROR_RESOLVING_NAME, nameNotRegistered, nameWithoutAddress } from './errors.ts'

// With its 0x, as the server stores a record's addresses; and never one whose mixed case is not
// its checksum, a mistyped address the funds sent to the name would be lost at.
const isRecordAddress = (value: string) => value.startsWith('0x') && isEvmAddress(value)

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
  if (exact && isRecordAddress(exact)) return getAddress(exact)
  const evm = Object.entries(record.addresses)
    .map(([coinType, entry]) => ({ coinType: Number(coinType), address: entry.address }))
    .filter(
      (entry) =>
        Number.isInteger(entry.coinType) &&
        chainOfCoinType(entry.coinType) !== undefined &&
        isRecordAddress(entry.address),
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
