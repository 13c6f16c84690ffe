import { createPublicKey, verify } from 'node:crypto'
import { decodeBase58, SOLANA_DEVNET, SOLANA_MAINNET, SOLANA_TESTNET } from '@latch/protocol'
import {
  parseSiwsMessage,
  SIWS_HEADER_SUFFIX,
  type SiwsMessage,
  SiwsMessageError,
} from '@latch/protocol/siwx'
import { HttpError } from '../../errors.ts'
import type { FamilySignIn, SignInFields } from '../types.ts'
import type { SolanaChainClient } from './clients.ts'

/** The public clusters' CAIP-2 ids: the first 32 characters of each genesis hash. */
const CLUSTERS: Record<string, string> = {
  mainnet: SOLANA_MAINNET,
  'mainnet-beta': SOLANA_MAINNET,
  devnet: SOLANA_DEVNET,
  testnet: SOLANA_TESTNET,
}

/**
 * The configured chain a Sign In With Solana message's Chain ID names. Wallets write a cluster
 * (`mainnet`, `solana:devnet`, ...), a CAIP-2 id or its reference; `localnet` is the configured
 * chain that is none of the public clusters. Without a Chain ID, the one configured Solana chain.
 */
export function solanaChainOf(
  chains: ReadonlyMap<string, SolanaChainClient>,
  chainId: string | undefined,
): SolanaChainClient {
  const unsupported = () =>
    new HttpError(400, `Chain ${chainId ?? '(none)'} is not a Solana network this server supports`)
  if (chainId === undefined) {
    if (chains.size !== 1) throw unsupported()
    return [...chains.values()][0] as SolanaChainClient
  }
  const name = chainId.replace(/^solana:/, '')
  if (name === 'localnet') {
    const local = [...chains.values()].filter(
      (chain) => !Object.values(CLUSTERS).includes(chain.caipNetworkId),
    )
    if (local.length !== 1) throw unsupported()
    return local[0] as SolanaChainClient
  }
  const chain = chains.get(CLUSTERS[name] ?? `solana:${name}`)
  if (!chain) throw unsupported()
  return chain
}

/** Whether `signature` is the ed25519 signature of `message` by the base58 public key `address`. */
export function verifyEd25519(
  address: string,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  const publicKey = decodeBase58(address)
  if (publicKey?.length !== 32 || signature.length !== 64) return false
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, message, key, signature)
}

/** A Sign In With Solana message: an ed25519 signature of its text by the address's key. */
export function solanaSignIn(chains: ReadonlyMap<string, SolanaChainClient>): FamilySignIn {
  return {
    reads: (header) => header.endsWith(SIWS_HEADER_SUFFIX),
    parse: (text, signed) => {
      const request = { message: text, signature: signed }
      let message: SiwsMessage
      try {
        message = parseSiwsMessage(request.message, ['uri', 'version', 'nonce', 'issuedAt'])
      } catch (error) {
        if (error instanceof SiwsMessageError) throw new HttpError(400, error.message)
        throw error
      }
      const signature = signatureBytes(request.signature)
      if (signature?.length !== 64)
        throw new HttpError(
          400,
          'signature must be 64 bytes, base58 or 0x-hex, for a Solana account',
        )
      return {
        fields: message as SignInFields,
        account: () => {
          const chain = solanaChainOf(chains, message.chainId)
          return {
            caipNetworkId: chain.caipNetworkId,
            address: message.address,
            verify: async () =>
              verifyEd25519(message.address, new TextEncoder().encode(request.message), signature),
          }
        },
      }
    },
  }
}

/** A signature as wallets hand it over: 0x-hex, or base58 as Solana's wallets write it. */
const signatureBytes = (signature: string): Uint8Array | undefined =>
  /^0x([0-9a-fA-F]{2})+$/.test(signature)
    ? Uint8Array.from(Buffer.from(signature.slice(2), 'hex'))
    : decodeBase58(signature)
