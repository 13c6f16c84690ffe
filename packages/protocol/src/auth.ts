import { z } from 'zod'
import { clientQuery, projectIdValue } from './api.ts'
import { caipNetworkId } from './caipSchemas.ts'
import { text } from './text.ts'

/** Longest SIWE message text the server reads: far beyond any real one. */
export const SIWX_MESSAGE_MAX_LENGTH = 8192

/** GET /auth/v1/siwx/nonce query: the project, as every kit call gives it. */
export const siwxNonceQuery = clientQuery

export const siwxNonceResponse = z.object({
  nonce: z.string().describe('Single use; put it in the message as its Nonce'),
  expiresAt: z.string().describe('ISO 8601; a message signed after this is refused'),
})
export type SiwxNonceResponse = z.infer<typeof siwxNonceResponse>

/** POST /auth/v1/siwx/verify body. */
export const siwxVerifyBody = z.object({
  projectId: projectIdValue.optional().describe('Or the projectId query or X-Project-Id header'),
  message: text({ multiline: true })
    .min(1, 'message is required')
    .max(SIWX_MESSAGE_MAX_LENGTH, `message is at most ${SIWX_MESSAGE_MAX_LENGTH} characters`)
    .describe(
      'The message text as signed: EIP-4361 on EVM, Sign In With Solana on Solana, Sign In With Bitcoin (CAIP-122) on Bitcoin',
    ),
  signature: text()
    .regex(
      /^(0x([0-9a-fA-F]{2})+|[1-9A-HJ-NP-Za-km-z]{64,100}|[A-Za-z0-9+/]{64,}={0,2})$/,
      'signature must be 0x-prefixed hex, base58 for a Solana account, or base64 for a Bitcoin account (BIP-322 or BIP-137)',
    )
    .max(65_536, 'signature is too long')
    .describe(
      'EIP-191 personal_sign signature (ERC-1271 or ERC-6492 for smart accounts); on Solana the ed25519 signature, base58; ' +
        'on Bitcoin a BIP-322 simple signature (P2WPKH, P2TR) or a BIP-137 one, base64',
    ),
})
export type SiwxVerifyBody = z.infer<typeof siwxVerifyBody>

/** A sign-in session as the server holds it: the message's fields, its text and signature. */
export const siwxSession = z.object({
  address: z.string().describe('EIP-55 checksummed on EVM; base58 on Solana'),
  chainId: z
    .union([z.number().int(), z.string()])
    .describe('The EIP-155 chain id on EVM; the CAIP-2 reference on other families'),
  caipNetworkId: caipNetworkId,
  projectId: z.string(),
  domain: z.string(),
  uri: z.string(),
  issuedAt: z.string().describe('ISO 8601: when the session was created'),
  expiresAt: z.string().describe('ISO 8601'),
})
export type SiwxSession = z.infer<typeof siwxSession>

export const siwxVerifyResponse = z.object({
  token: z.string().describe('Bearer token for the session routes; shown only once'),
  session: siwxSession,
})
export type SiwxVerifyResponse = z.infer<typeof siwxVerifyResponse>

/** GET /auth/v1/siwx/session and POST /auth/v1/siwx/signout headers. */
export const siwxBearerHeaders = z.looseObject({
  authorization: text()
    .regex(/^Bearer \S+$/, 'authorization must be "Bearer <token>"')
    .optional()
    .describe('Bearer <token> from /auth/v1/siwx/verify'),
})

export const siwxSignoutResponse = z.object({ revoked: z.literal(true) })
