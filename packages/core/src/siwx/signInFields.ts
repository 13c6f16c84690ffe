import type { CaipAddress } from '@latch/protocol'

/**
 * The fields of a CAIP-122 sign-in message; each family writes them its own way (EIP-4361 for
 * EVM, byte for byte).
 */
export type SignInFields = {
  domain: string
  /** The signing account and its network. */
  caipAddress: CaipAddress
  statement?: string
  uri: string
  version: '1'
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}
