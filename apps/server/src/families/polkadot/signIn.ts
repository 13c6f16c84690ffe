import { checkSs58, isSs58Problem } from '@latch/protocol'
import {
  parseSiwpMessage,
  SIWP_HEADER_SUFFIX,
  type SiwpMessage,
  SiwpMessageError,
} from '@latch/protocol/siwx-polkadot'
import { u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { HttpError } from '../../errors.ts'
import type { FamilySignIn, SignInFields } from '../types.ts'
import type { PolkadotChainClient } from './clients.ts'

/**
 * The configured network a Polkadot sign-in message's Chain ID names: a CAIP-2 id
 * (`polkadot:91b171bb158e2d3848fa23a9f1c25182`) or its reference. Without a Chain ID, the one
 * configured Polkadot network.
 */
export function polkadotChainOf(
  chains: ReadonlyMap<string, PolkadotChainClient>,
  chainId: string | undefined,
): PolkadotChainClient {
  const unsupported = () =>
    new HttpError(
      400,
      `Chain ${chainId ?? '(none)'} is not a Polkadot network this server supports`,
    )
  if (chainId === undefined) {
    if (chains.size !== 1) throw unsupported()
    return [...chains.values()][0] as PolkadotChainClient
  }
  const chain = chains.get(chainId.startsWith('polkadot:') ? chainId : `polkadot:${chainId}`)
  if (!chain) throw unsupported()
  return chain
}

/**
 * Whether `signature` is the address's key signing `message` as a wallet's `signRaw` does: over
 * the text wrapped in `<Bytes>...</Bytes>` (what extensions sign, so a message can never be a
 * transaction), or over the bare text (wallets that sign it as given). sr25519, ed25519 and ecdsa
 * keys are told apart by the signature itself; a signature by any other key is refused.
 */
export async function verifyPolkadotMessage(
  chain: PolkadotChainClient,
  address: string,
  message: string,
  signature: string,
): Promise<boolean> {
  const prefix = chain.config.ss58Prefix ?? (await chain.info()).ss58Prefix
  const checked = checkSs58(address, prefix)
  if (isSs58Problem(checked)) throw new HttpError(400, checked.message)
  if (!/^0x([0-9a-fA-F]{2}){64,65}$/.test(signature))
    throw new HttpError(
      400,
      'signature must be 0x-prefixed hex of 64 or 65 bytes for a Polkadot account',
    )
  await cryptoWaitReady()
  const bytes = new TextEncoder().encode(message)
  for (const signed of [u8aWrapBytes(bytes), bytes]) {
    try {
      if (signatureVerify(signed, signature, address).isValid) return true
    } catch {
      // A signature of no scheme's shape: not valid for this form; the other may still be.
    }
  }
  return false
}

/**
 * A Polkadot sign-in message (CAIP-122): signed with the wallet's `signRaw` by an sr25519, ed25519
 * or ecdsa key, on the network its Chain ID names, whose SS58 prefix the address must have.
 */
export function polkadotSignIn(chains: ReadonlyMap<string, PolkadotChainClient>): FamilySignIn {
  return {
    reads: (header) => header.endsWith(SIWP_HEADER_SUFFIX),
    parse: (text, signed) => {
      const request = { message: text, signature: signed }
      let message: SiwpMessage
      try {
        message = parseSiwpMessage(request.message, ['uri', 'version', 'nonce', 'issuedAt'])
      } catch (error) {
        if (error instanceof SiwpMessageError) throw new HttpError(400, error.message)
        throw error
      }
      return {
        fields: message as SignInFields,
        account: () => {
          const chain = polkadotChainOf(chains, message.chainId)
          return {
            caipNetworkId: chain.caipNetworkId,
            address: message.address,
            verify: () =>
              verifyPolkadotMessage(chain, message.address, request.message, request.signature),
          }
        },
      }
    },
  }
}
