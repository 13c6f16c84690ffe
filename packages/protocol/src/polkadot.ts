import { z } from 'zod'
import { clientQuery } from './api.ts'
import { caipNetworkId } from './caipSchemas.ts'
import { isSs58Address } from './polkadotAddress.ts'
import { text } from './text.ts'

// The server's Polkadot routes: the page carries no chain client, so the server builds the payload
// a wallet extension signs (`signPayload`) and submits the signed extrinsic.

export * from './polkadotNetworks.ts'

/** A planck amount (the chain's smallest unit) as a decimal string of digits: '1000000000000'. */
export const planckAmount = text().regex(
  /^(0|[1-9]\d{0,38})$/,
  'Expected an amount in planck: a whole number written as a string of digits',
)

/** An SS58 address of any network; the route checks it is the chain's (its prefix). */
export const ss58Address = text().refine(
  isSs58Address,
  'Expected a Polkadot (SS58) address with a correct checksum',
)

const hex = (what: string) =>
  text()
    .regex(/^0x([0-9a-fA-F]{2})*$/, `${what} must be 0x-prefixed hex of whole bytes`)
    .max(1_000_000)

/**
 * What a wallet extension's `signer.signPayload` takes (polkadot.js SignerPayloadJSON): every
 * SCALE field as 0x hex, the sender as SS58. The server builds it; the wallet signs it as is.
 */
export const signerPayloadJson = z.object({
  address: ss58Address,
  blockHash: hex('blockHash'),
  blockNumber: hex('blockNumber'),
  era: hex('era'),
  genesisHash: hex('genesisHash'),
  method: hex('method'),
  nonce: hex('nonce'),
  specVersion: hex('specVersion'),
  tip: hex('tip'),
  transactionVersion: hex('transactionVersion'),
  signedExtensions: z.array(text().max(100)).max(64),
  version: z.number().int().nonnegative(),
  /** null: the fee is paid in the native token (chains with ChargeAssetTxPayment). */
  assetId: hex('assetId').nullable().optional(),
  /** null: the wallet checks no metadata hash (CheckMetadataHash disabled). */
  metadataHash: hex('metadataHash').nullable().optional(),
  mode: z.number().int().nonnegative().optional(),
  withSignedTransaction: z.boolean().optional(),
})
export type SignerPayloadJson = z.infer<typeof signerPayloadJson>

/** POST /v1/polkadot/transfer body: a transferKeepAlive of the chain's native token. */
export const polkadotTransferBody = z.object({
  projectId: clientQuery.shape.projectId.optional().describe('Or the projectId query'),
  chainId: caipNetworkId.describe(
    'CAIP-2 id of a Polkadot network, e.g. polkadot:91b171bb158e2d3848fa23a9f1c25182',
  ),
  from: ss58Address.describe("The sender, SS58 in the chain's prefix"),
  to: ss58Address.describe("The receiver, SS58 in the chain's prefix"),
  amount: planckAmount.describe('Planck (the smallest unit), a decimal string'),
})
export type PolkadotTransferBody = z.infer<typeof polkadotTransferBody>

/** What POST /v1/polkadot/transfer answers: the payload to sign and what it will cost. */
export const polkadotTransferResponse = z.object({
  payload: signerPayloadJson,
  /** The fee the chain estimates for this extrinsic, in planck. */
  fee: planckAmount,
  /** The least an account may hold; a keep-alive transfer leaves at least this much behind. */
  existentialDeposit: planckAmount,
  /** The sender's transferable balance when the payload was built, in planck. */
  transferable: planckAmount,
})
export type PolkadotTransferResponse = z.infer<typeof polkadotTransferResponse>

/** POST /v1/polkadot/submit body: the payload as built and the wallet's signature of it. */
export const polkadotSubmitBody = z.object({
  projectId: clientQuery.shape.projectId.optional().describe('Or the projectId query'),
  chainId: caipNetworkId,
  payload: signerPayloadJson,
  signature: text()
    .regex(
      /^0x[0-9a-fA-F]{128,132}$/,
      'signature must be 0x-prefixed hex of a signature (64 or 65 bytes, with or without its type byte)',
    )
    .describe('What signPayload answered: a MultiSignature (type byte, then the signature)'),
})
export type PolkadotSubmitBody = z.infer<typeof polkadotSubmitBody>

export const polkadotSubmitResponse = z.object({
  /** The extrinsic's hash (blake2b-256 of its bytes). */
  hash: z.string().regex(/^0x[0-9a-f]{64}$/),
})
export type PolkadotSubmitResponse = z.infer<typeof polkadotSubmitResponse>

/** GET /v1/polkadot/status/{hash} path and query. */
export const polkadotStatusParams = z.object({
  hash: text().regex(/^0x[0-9a-fA-F]{64}$/, 'hash must be 0x followed by 64 hex characters'),
})
export const polkadotStatusQuery = clientQuery.extend({ chainId: caipNetworkId })

/**
 * Where an extrinsic is: `pending` until a block includes it; then `included` with the block and
 * whether it succeeded (a failed extrinsic is included and pays its fee, and moves nothing else).
 */
export const polkadotStatusResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({
    status: z.literal('included'),
    blockNumber: z.number().int().nonnegative(),
    blockHash: z.string().regex(/^0x[0-9a-f]{64}$/),
    success: z.boolean(),
  }),
])
export type PolkadotStatusResponse = z.infer<typeof polkadotStatusResponse>

// A balance's parts are in the answers' schemas, which the page loads.
export { type PolkadotBalanceParts, polkadotBalanceParts } from './answers/account.ts'
