import { decodeBase58, eip155NetworkId } from '@latch/protocol'
import {
  parseSiweMessage,
  parseSiwsMessage,
  SIWS_HEADER_SUFFIX,
  type SiweMessage,
  SiweMessageError,
  type SiwsMessage,
  SiwsMessageError,
} from '@latch/protocol/siwx'
import {
  parseSiwbMessage,
  SIWB_HEADER_SUFFIX,
  type SiwbMessage,
  SiwbMessageError,
} from '@latch/protocol/siwx-bitcoin'
import {
  parseSiwpMessage,
  SIWP_HEADER_SUFFIX,
  type SiwpMessage,
  SiwpMessageError,
} from '@latch/protocol/siwx-polkadot'
import type { FastifyBaseLogger } from 'fastify'
import { getAddress } from 'viem'
import type { ChainClient } from '../chains/clients.ts'
import { isSignedByContract } from '../chains/isSignedByContract.ts'
import { isSignedByKey } from '../chains/isSignedByKey.ts'
import type { Database } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { requireBitcoinAddress } from '../families/bitcoin/address.ts'
import type { BitcoinChainClient } from '../families/bitcoin/clients.ts'
import { verifyBitcoinMessage } from '../families/bitcoin/messageSignature.ts'
import { bitcoinChainOf } from '../families/bitcoin/signIn.ts'
import type { PolkadotChainClient } from '../families/polkadot/clients.ts'
import { polkadotChainOf, verifyPolkadotMessage } from '../families/polkadot/signIn.ts'
import type { SolanaChainClient } from '../families/solana/clients.ts'
import { solanaChainOf, verifyEd25519 } from '../families/solana/signIn.ts'
import { isLocalhostOrigin, originAllowed, type Project } from '../projects.ts'
import { SIWX_CLOCK_SKEW_MS, SIWX_SESSION_TTL_MS } from './constants.ts'
import { SiwxNonceStore } from './nonceStore.ts'
import { type SiwxSessionRecord, SiwxSessionStore } from './sessionStore.ts'

export type SignInDeps = {
  db: Database
  chains: Map<number, ChainClient>
  solanaChains: ReadonlyMap<string, SolanaChainClient>
  bitcoinChains: ReadonlyMap<string, BitcoinChainClient>
  /** Absent where the caller configures no Polkadot network. */
  polkadotChains?: ReadonlyMap<string, PolkadotChainClient>
  nonces: SiwxNonceStore
  allowLocalhost: boolean
  log: FastifyBaseLogger
}

export type SignInRequest = {
  project: Project
  message: string
  /** 0x-hex; base58 for a Solana signature; base64 for a Bitcoin one (BIP-322 or BIP-137). */
  signature: string
  /** The Origin header of the call, when a browser made it. */
  requestOrigin?: string
  now?: Date
}

/** The alert the kit raises for a message outside its time window. */
const SESSION_EXPIRED = 'Session Expired'

const isoOf = (time: number) => new Date(time).toISOString()

/** The fields every family's sign-in message has, as the checks below read them. */
type SignInFields = {
  scheme?: string
  domain: string
  uri: string
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
}

/** A parsed message of one family: its fields, and how to find its chain and check its signature. */
type FamilyMessage = {
  fields: SignInFields
  /** The network and the account in the session's form; throws a 400 for an unsupported chain. */
  account(): {
    caipNetworkId: string
    chainId?: number
    address: string
    verify(): Promise<boolean>
  }
}

/**
 * Verifies a signed CAIP-122 message for the project and opens a session: EIP-4361 on EVM,
 * Sign In With Solana on Solana, Sign In With Bitcoin (BIP-322 or BIP-137 signed) on Bitcoin. Every refusal is an HttpError with its own message. The nonce is
 * consumed in the transaction that writes the session, so a message works once.
 */
export async function signIn(
  deps: SignInDeps,
  request: SignInRequest,
): Promise<{ token: string; session: SiwxSessionRecord }> {
  const { project } = request
  const now = request.now ?? new Date()
  const header = request.message.split('\n', 1)[0] ?? ''
  const parsed = header.endsWith(SIWS_HEADER_SUFFIX)
    ? solanaMessage(deps, request)
    : header.endsWith(SIWB_HEADER_SUFFIX)
      ? bitcoinMessage(deps, request)
      : header.endsWith(SIWP_HEADER_SUFFIX)
        ? polkadotMessage(deps, request)
        : evmMessage(deps, request)
  const { fields } = parsed

  const nonce = await deps.nonces.find(project.id, fields.nonce)
  if (!nonce)
    throw new HttpError(401, 'Unknown nonce: get one from GET /auth/v1/siwx/nonce for this project')
  if (nonce.usedAt) throw new HttpError(401, 'Nonce already used: sign a new message to sign in')
  if (nonce.expiresAt <= now)
    throw new HttpError(401, `Nonce expired at ${nonce.expiresAt.toISOString()}: get a new one`)

  checkOrigins(fields, project, deps.allowLocalhost, request.requestOrigin)
  const account = parsed.account()
  const sessionEnd = checkTimeWindow(fields, now)
  if (!(await account.verify())) throw new HttpError(401, 'Invalid signature')

  return deps.db.transaction(async (tx) => {
    if (!(await SiwxNonceStore.consume(tx, project.id, fields.nonce, now)))
      throw new HttpError(401, 'Nonce already used: sign a new message to sign in')
    return SiwxSessionStore.create(tx, {
      projectId: project.id,
      address: account.address,
      caipNetworkId: account.caipNetworkId,
      chainId: account.chainId,
      domain: fields.domain,
      uri: fields.uri,
      expiresAt: sessionEnd,
      nonce: fields.nonce,
      message: request.message,
      signature: request.signature,
    })
  })
}

/**
 * An EIP-4361 message: an EOA's EIP-191 signature checked without the chain, any other by the
 * chain's client (ERC-1271, or ERC-6492 for an account not deployed yet).
 */
function evmMessage(deps: SignInDeps, request: SignInRequest): FamilyMessage {
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
      const chain = deps.chains.get(message.chainId)
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
            deps.log.warn({ err: error, chain: chain.caipNetworkId }, 'SIWX signature check failed')
            throw new HttpError(
              503,
              `Signature check unavailable: ${chain.caipNetworkId} did not answer; try again`,
            )
          }
        },
      }
    },
  }
}

/** A Sign In With Solana message: an ed25519 signature of its text by the address's key. */
function solanaMessage(deps: SignInDeps, request: SignInRequest): FamilyMessage {
  let message: SiwsMessage
  try {
    message = parseSiwsMessage(request.message, ['uri', 'version', 'nonce', 'issuedAt'])
  } catch (error) {
    if (error instanceof SiwsMessageError) throw new HttpError(400, error.message)
    throw error
  }
  const signature = signatureBytes(request.signature)
  if (signature?.length !== 64)
    throw new HttpError(400, 'signature must be 64 bytes, base58 or 0x-hex, for a Solana account')
  return {
    fields: message as SignInFields,
    account: () => {
      const chain = solanaChainOf(deps.solanaChains, message.chainId)
      return {
        caipNetworkId: chain.caipNetworkId,
        address: message.address,
        verify: async () =>
          verifyEd25519(message.address, new TextEncoder().encode(request.message), signature),
      }
    },
  }
}

/**
 * A Sign In With Bitcoin message: signed by the address with BIP-322 (simple: P2WPKH, P2TR) or
 * BIP-137, on the network its Chain ID names, which the address must be of.
 */
function bitcoinMessage(deps: SignInDeps, request: SignInRequest): FamilyMessage {
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
      const chain = bitcoinChainOf(deps.bitcoinChains, message.chainId)
      const address = requireBitcoinAddress(chain, message.address)
      return {
        caipNetworkId: chain.caipNetworkId,
        address,
        verify: async () => verifyBitcoinMessage(address, request.message, request.signature),
      }
    },
  }
}

/**
 * A Polkadot sign-in message (CAIP-122): signed with the wallet's `signRaw` by an sr25519, ed25519
 * or ecdsa key, on the network its Chain ID names, whose SS58 prefix the address must have.
 */
function polkadotMessage(deps: SignInDeps, request: SignInRequest): FamilyMessage {
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
      const chain = polkadotChainOf(deps.polkadotChains ?? new Map(), message.chainId)
      return {
        caipNetworkId: chain.caipNetworkId,
        address: message.address,
        verify: () =>
          verifyPolkadotMessage(chain, message.address, request.message, request.signature),
      }
    },
  }
}

const signatureBytes = (signature: string): Uint8Array | undefined =>
  /^0x([0-9a-fA-F]{2})+$/.test(signature)
    ? Uint8Array.from(Buffer.from(signature.slice(2), 'hex'))
    : decodeBase58(signature)

/**
 * The message's domain and uri must be the project's (an allowed origin, or localhost in
 * development), and the domain the page's that asked, when a browser asked: EIP-4361's phishing
 * check.
 */
function checkOrigins(
  message: SignInFields,
  project: Project,
  allowLocalhost: boolean,
  requestOrigin: string | undefined,
): void {
  const allowed = (origin: string) =>
    originAllowed(origin, project.allowedOrigins) || (allowLocalhost && isLocalhostOrigin(origin))
  const schemes = message.scheme ? [message.scheme] : ['https', 'http']
  if (!schemes.some((scheme) => allowed(`${scheme}://${message.domain}`)))
    throw new HttpError(
      403,
      `Domain ${message.domain} is not an allowed origin of project "${project.id}"`,
    )
  if (requestOrigin && URL.canParse(requestOrigin)) {
    if (new URL(requestOrigin).host !== message.domain)
      throw new HttpError(
        403,
        `Domain ${message.domain} is not the origin of the request (${requestOrigin})`,
      )
  }
  const uriOrigin = URL.canParse(message.uri) ? new URL(message.uri).origin : 'null'
  if (uriOrigin === 'null' || !allowed(uriOrigin))
    throw new HttpError(
      403,
      `URI ${message.uri} is not on an allowed origin of project "${project.id}"`,
    )
}

/** Refuses a message outside its time window (with the skew); returns when the session ends. */
function checkTimeWindow(message: SignInFields, now: Date): Date {
  const time = now.getTime()
  const issuedAt = Date.parse(message.issuedAt)
  if (issuedAt > time + SIWX_CLOCK_SKEW_MS)
    throw new HttpError(
      401,
      `${SESSION_EXPIRED}: the message is issued at ${message.issuedAt}, after the server's time ` +
        `${isoOf(time)}; check the device's time settings and sign in again`,
    )
  if (message.notBefore !== undefined && Date.parse(message.notBefore) > time + SIWX_CLOCK_SKEW_MS)
    throw new HttpError(
      401,
      `${SESSION_EXPIRED}: the message is not valid before ${message.notBefore} (server time ` +
        `${isoOf(time)}); check the device's time settings and sign in again`,
    )
  const expiresAt =
    message.expirationTime === undefined ? undefined : Date.parse(message.expirationTime)
  if (expiresAt !== undefined && expiresAt <= time - SIWX_CLOCK_SKEW_MS)
    throw new HttpError(
      401,
      `${SESSION_EXPIRED}: the message expired at ${message.expirationTime} (server time ` +
        `${isoOf(time)}); check the device's time settings and sign in again`,
    )
  // A message expiring within the skew still opens a session, of a short life.
  const end = Math.min(time + SIWX_SESSION_TTL_MS, expiresAt ?? Number.POSITIVE_INFINITY)
  return new Date(Math.max(end, time + 1000))
}
