import { createPublicClient, getAddress, type Hex, http, type PublicClient, parseAbi } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { HttpError } from '../../errors.ts'

/** Farcaster's ID Registry on OP Mainnet (the devnet places its stand-in at the same address). */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b' as const
/** Sign In With Farcaster messages name OP Mainnet, where the ID Registry lives. */
const FARCASTER_CHAIN_ID = 10
const STATEMENTS = ['Farcaster Auth', 'Farcaster Connect']
const FID_RESOURCE = /^farcaster:\/\/fid\/([1-9]\d{0,15})\/?$/

const idRegistryAbi = parseAbi(['function idOf(address owner) view returns (uint256)'])

export const REGISTRY_UNAVAILABLE_MESSAGE = "Farcaster's ID Registry could not be read: try again"

/** The Optimism RPC the ID Registry and contract custodies are read on. */
export function optimismClient(rpcUrl: string, timeoutMs: number): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) })
}

/**
 * Checks a Sign In With Farcaster message as this login's: EIP-4361 with Farcaster's statement,
 * chain 10 and one `farcaster://fid/N` resource; for this login's domain and nonce; inside its
 * validity window; signed by its address (an EOA, or a contract custody by ERC-1271); and that
 * address is the fid's custody in the ID Registry. Each failure is a 400 or 401 saying which.
 * @example const { fid } = await verifyFarcasterSignIn({ message, signature, domain, nonce, client, now })
 */
export async function verifyFarcasterSignIn(input: {
  message: string
  signature: Hex
  domain: string
  nonce: string
  client: PublicClient
  now: Date
}): Promise<{ fid: number; custody: Hex }> {
  const fields = parseSiweMessage(input.message)
  const fidResources = (fields.resources ?? []).filter((resource) => FID_RESOURCE.test(resource))
  const fid = Number(FID_RESOURCE.exec(fidResources[0] ?? '')?.[1])
  if (
    !fields.address ||
    !fields.domain ||
    !fields.nonce ||
    !fields.statement ||
    !STATEMENTS.includes(fields.statement) ||
    fields.chainId !== FARCASTER_CHAIN_ID ||
    fidResources.length !== 1 ||
    !Number.isSafeInteger(fid)
  )
    throw new HttpError(400, 'The Farcaster app sent a message that is not a Farcaster sign-in')
  if (fields.domain !== input.domain)
    throw new HttpError(
      401,
      `This sign-in message is for ${fields.domain}, not ${input.domain}: it was made for another site`,
    )
  if (fields.nonce !== input.nonce)
    throw new HttpError(
      401,
      "This sign-in message is stale: its nonce is not this login's. Start again",
    )
  if (fields.expirationTime && fields.expirationTime.getTime() <= input.now.getTime())
    throw new HttpError(401, 'This sign-in message has expired. Start again')
  if (fields.notBefore && fields.notBefore.getTime() > input.now.getTime())
    throw new HttpError(401, 'This sign-in message is not valid yet')
  const custody = getAddress(fields.address)

  let signed: boolean
  let registered: bigint
  try {
    // viem checks an EOA's signature, and asks a contract custody (ERC-1271, or ERC-6492 while
    // undeployed) whether it signed.
    ;[signed, registered] = await Promise.all([
      input.client.verifyMessage({
        address: custody,
        message: input.message,
        signature: input.signature,
      }),
      input.client.readContract({
        address: ID_REGISTRY_ADDRESS,
        abi: idRegistryAbi,
        functionName: 'idOf',
        args: [custody],
      }),
    ])
  } catch {
    throw new HttpError(503, REGISTRY_UNAVAILABLE_MESSAGE)
  }
  if (!signed)
    throw new HttpError(401, `The signature is not by ${custody}, the address the message names`)
  if (registered === 0n) throw new HttpError(401, `${custody} holds no Farcaster ID`)
  if (registered !== BigInt(fid))
    throw new HttpError(401, `${custody} is not the custody address of Farcaster ID ${fid}`)
  return { fid, custody }
}
