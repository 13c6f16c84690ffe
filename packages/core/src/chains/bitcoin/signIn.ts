import { parseCaipAddress } from '@latch/protocol/caip'
import { formatSiwbMessage } from '@latch/protocol/siwx-bitcoin'
import type { SignInFields } from '../types.ts'

/**
 * Bitcoin's CAIP-122 sign-in message (Sign In With Bitcoin), which the wallet signs with BIP-322
 * or BIP-137. The Chain ID is the CAIP-2 reference (the genesis hash prefix), which names a local
 * chain as well as mainnet and testnet.
 */
export function bitcoinSignInMessage(fields: SignInFields): string {
  const { reference, address } = parseCaipAddress(fields.caipAddress)
  return formatSiwbMessage({
    domain: fields.domain,
    address,
    ...(fields.statement ? { statement: fields.statement } : {}),
    uri: fields.uri,
    version: fields.version,
    chainId: reference,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
    ...(fields.notBefore ? { notBefore: fields.notBefore } : {}),
    ...(fields.requestId ? { requestId: fields.requestId } : {}),
    ...(fields.resources ? { resources: fields.resources } : {}),
  })
}
