import {
  parseSiwbMessage,
  SIWB_HEADER_SUFFIX,
  type SiwbMessage,
  SiwbMessageError,
} from '@latch/protocol/siwx-bitcoin'
import { HttpError } from '../../errors.ts'
import type { FamilySignIn, SignInFields } from '../types.ts'
import { requireBitcoinAddress } from './address.ts'
import type { BitcoinChainClient } from './clients.ts'
import { verifyBitcoinMessage } from './messageSignature.ts'

/**
 * The configured network a Sign In With Bitcoin message's Chain ID names: a CAIP-2 id
 * (`bip122:000000000019d6689c085ae165831e93`) or its reference. Without a Chain ID, the one
 * configured Bitcoin network.
 */
export function bitcoinChainOf(
  chains: ReadonlyMap<string, BitcoinChainClient>,
  chainId: string | undefined,
): BitcoinChainClient {
  const unsupported = () =>
    new HttpError(400, `Chain ${chainId ?? '(none)'} is not a Bitcoin network this server supports`)
  if (chainId === undefined) {
    if (chains.size !== 1) throw unsupported()
    return [...chains.values()][0] as BitcoinChainClient
  }
  const chain = chains.get(chainId.startsWith('bip122:') ? chainId : `bip122:${chainId}`)
  if (!chain) throw unsupported()
  return chain
}

/**
 * A Sign In With Bitcoin message: signed by the address with BIP-322 (simple: P2WPKH, P2TR) or
 * BIP-137, on the network its Chain ID names, which the address must be of.
 */
export function bitcoinSignIn(chains: ReadonlyMap<string, BitcoinChainClient>): FamilySignIn {
  return {
    reads: (header) => header.endsWith(SIWB_HEADER_SUFFIX),
    parse: (text, signed) => {
      const request = { message: text, signature: signed }
      let message: SiwbMessage
      try {
        message = parseSiwbMessage(request.message, ['uri', 'version', 'nonce', 'issuedAt'])
      } catch (error) {
        if (error instanceof SiwbMessageError) throw new HttpError(400, error.message)
        throw error
      }
      // Base64 never starts with 0x for these: a witness count or a BIP-137 header comes first.
      if (request.signature.startsWith('0x') || !/^[A-Za-z0-9+/]+={0,2}$/.test(request.signature))
        throw new HttpError(
          400,
          'signature must be base64 (BIP-322 simple or BIP-137) for a Bitcoin account',
        )
      return {
        fields: message as SignInFields,
        account: () => {
          const chain = bitcoinChainOf(chains, message.chainId)
          const address = requireBitcoinAddress(chain, message.address)
          return {
            caipNetworkId: chain.caipNetworkId,
            address,
            verify: async () => verifyBitcoinMessage(address, request.message, request.signature),
          }
        },
      }
    },
  }
}
