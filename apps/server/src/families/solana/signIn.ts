import { createPublicKey, verify } from 'node:crypto'
import { decodeBase58, SOLANA_DEVNET, SOLANA_MAINNET, SOLANA_TESTNET } from '@latch/protocol'
import { HttpError } from '../../errors.ts'
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
