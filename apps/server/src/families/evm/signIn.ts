import { eip155NetworkId } from '@latch/protocol'
import {
  parseSiweMessage,
  SIWE_HEADER_SUFFIX,
  type SiweMessage,
  SiweMessageError,
} from '@latch/protocol/siwx'
import { getAddress } from 'viem'
import type { ChainClient } from '../../chains/clients.ts'
import { isSignedByContract } from '../../chains/isSignedByContract.ts'
import { isSignedByKey } from '../../chains/isSignedByKey.ts'
import { HttpError } from '../../errors.ts'
import type { FamilySignIn } from '../types.ts'

/**
 * An EIP-4361 message: an EOA's EIP-191 signature checked without the chain, any other by the
 * chain's client (ERC-1271, or ERC-6492 for an account not deployed yet).
 */
export function evmSignIn(chains: ReadonlyMap<number, ChainClient>): FamilySignIn {
  return {
    reads: (header) => header.endsWith(SIWE_HEADER_SUFFIX),
    parse: (text, signed, log) => {
      const request = { message: text, signature: signed }
      let message: SiweMessage
      try {
        message = parseSiweMessage(request.message)
      } catch (error) {
        if (error instanceof SiweMessageError) throw new HttpError(400, error.message)
        throw error
      }
      if (!/^0x([0-9a-fA-F]{2})+$/.test(request.signature))
        throw new HttpError(400, 'signature must be 0x-prefixed hex for an EVM account')
      return {
        fields: message,
        account: () => {
          const chain = chains.get(message.chainId)
          if (!chain)
            throw new HttpError(400, `Chain ${eip155NetworkId(message.chainId)} is not supported`)
          return {
            caipNetworkId: chain.caipNetworkId,
            chainId: message.chainId,
            address: getAddress(message.address),
            verify: async () => {
              // An EOA's signature is checked here; only a contract account's needs its chain.
              if (await isSignedByKey({ ...request, address: message.address })) return true
              try {
                return await isSignedByContract(chain, { ...request, address: message.address })
              } catch (error) {
                log.warn({ err: error, chain: chain.caipNetworkId }, 'SIWX signature check failed')
                throw new HttpError(
                  503,
                  `Signature check unavailable: ${chain.caipNetworkId} did not answer; try again`,
                )
              }
            },
          }
        },
      }
    },
  }
}
