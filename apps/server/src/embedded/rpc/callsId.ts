import type { Hex } from 'viem'
import { HttpError } from '../../errors.ts'

// A wallet_sendCalls id holds what wallet_getCallsStatus needs, so no server keeps a batch:
// the chain id (8 bytes) then each transaction hash (32 bytes), as hex.
const CALLS_ID = /^0x[0-9a-f]{16}(?:[0-9a-f]{64})+$/

/** The id of a batch sent as `hashes` on `chainId`. */
export function encodeCallsId(chainId: number, hashes: Hex[]): Hex {
  const chain = chainId.toString(16).padStart(16, '0')
  return `0x${chain}${hashes.map((hash) => hash.slice(2).toLowerCase()).join('')}`
}

/** The chain and hashes of a batch id; 400 for anything this server did not hand out. */
export function decodeCallsId(id: string): { chainId: number; hashes: Hex[] } {
  if (!CALLS_ID.test(id)) throw new HttpError(400, 'Unknown wallet_sendCalls id')
  const chainId = Number.parseInt(id.slice(2, 18), 16)
  const hashes = (id.slice(18).match(/.{64}/g) ?? []).map((hash) => `0x${hash}` as Hex)
  return { chainId, hashes }
}
