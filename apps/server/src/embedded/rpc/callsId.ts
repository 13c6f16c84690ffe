import type { Hex } from 'viem'
import { HttpError } from '../../errors.ts'

// A wallet_sendCalls id holds what wallet_getCallsStatus needs, so no server keeps a batch.
// An EOA's batch: the chain id (8 bytes) then each transaction hash (32 bytes), as hex. A smart
// account's batch is one user operation: 0x4337, the chain id (8 bytes), then its hash (32
// bytes); 66 hex digits after the chain id never divide into transaction hashes, so the two
// forms cannot be read one for the other.
const CALLS_ID = /^0x[0-9a-f]{16}(?:[0-9a-f]{64})+$/
const USER_OPERATION_CALLS_ID = /^0x4337([0-9a-f]{16})([0-9a-f]{64})$/

const chainHex = (chainId: number) => chainId.toString(16).padStart(16, '0')

/** The id of a batch sent as `hashes` on `chainId`. */
export function encodeCallsId(chainId: number, hashes: Hex[]): Hex {
  return `0x${chainHex(chainId)}${hashes.map((hash) => hash.slice(2).toLowerCase()).join('')}`
}

/** The chain and hashes of a batch id; 400 for anything this server did not hand out. */
export function decodeCallsId(id: string): { chainId: number; hashes: Hex[] } {
  if (!CALLS_ID.test(id)) throw new HttpError(400, 'Unknown wallet_sendCalls id')
  const chainId = Number.parseInt(id.slice(2, 18), 16)
  const hashes = (id.slice(18).match(/.{64}/g) ?? []).map((hash) => `0x${hash}` as Hex)
  return { chainId, hashes }
}

/** The id of a batch a smart account sent as the user operation `hash` on `chainId`. */
export function encodeUserOperationCallsId(chainId: number, hash: Hex): Hex {
  return `0x4337${chainHex(chainId)}${hash.slice(2).toLowerCase()}`
}

/** The chain and user operation of a smart account's batch id, or undefined for another id. */
export function decodeUserOperationCallsId(
  id: string,
): { chainId: number; userOperationHash: Hex } | undefined {
  const match = USER_OPERATION_CALLS_ID.exec(id)
  if (!match?.[1] || !match[2]) return undefined
  return { chainId: Number.parseInt(match[1], 16), userOperationHash: `0x${match[2]}` }
}
