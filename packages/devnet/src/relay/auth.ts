import { createPublicKey, verify } from 'node:crypto'
import { base58Decode, base58Encode } from './base58.ts'

/** Multicodec prefix of an ed25519 public key (varint 0xed), as did:key writes it. */
const ED25519_PUB_PREFIX = [0xed, 0x01] as const
const DID_KEY_PREFIX = 'did:key:z'

/** Why the relay refused a connection's `auth` query parameter. */
export class RelayAuthError extends Error {
  override name = 'RelayAuthError'
  /** What was wrong, for the 401 body and the log. */
  readonly shortMessage: string

  constructor(shortMessage: string) {
    super(`relay auth refused: ${shortMessage}`)
    this.shortMessage = shortMessage
  }
}

/** What a valid relay auth JWT says about the client. */
export type RelayAuthClaims = {
  /** The client's did:key (`iss`): the same for every socket the client opens. */
  clientId: string
  /** `sub`: a random id @walletconnect/core draws once per process. */
  sessionId: string
  /** When the JWT stops being valid, in ms since the epoch. */
  expiresAt: number
}

/** `did:key:z…` of a raw 32-byte ed25519 public key. */
export function didKeyFromPublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('an ed25519 public key has 32 bytes')
  return DID_KEY_PREFIX + base58Encode(Uint8Array.from([...ED25519_PUB_PREFIX, ...publicKey]))
}

/** The raw ed25519 public key a `did:key:z…` names; throws RelayAuthError for anything else. */
export function publicKeyFromDidKey(did: string): Uint8Array {
  if (!did.startsWith(DID_KEY_PREFIX)) throw new RelayAuthError('iss is not a did:key')
  let bytes: Uint8Array
  try {
    bytes = base58Decode(did.slice(DID_KEY_PREFIX.length))
  } catch {
    throw new RelayAuthError('iss is not valid base58btc')
  }
  if (
    bytes.length !== 34 ||
    bytes[0] !== ED25519_PUB_PREFIX[0] ||
    bytes[1] !== ED25519_PUB_PREFIX[1]
  ) {
    throw new RelayAuthError('iss is not an ed25519 did:key')
  }
  return bytes.slice(2)
}

function decodeJsonPart(part: string, name: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>
    }
  } catch {}
  throw new RelayAuthError(`the JWT ${name} is not a base64url JSON object`)
}

/**
 * Checks a relay auth JWT the way @walletconnect/relay-auth signs it (EdDSA over
 * `header.payload`, signed by the key its `iss` did:key names) and that it has not expired.
 * The audience is not checked: a dev relay answers on whatever host the client used.
 */
export function verifyRelayAuth(
  jwt: string | null | undefined,
  now: number = Date.now(),
): RelayAuthClaims {
  if (!jwt) throw new RelayAuthError('the auth query parameter is missing')
  const parts = jwt.split('.')
  const [headerPart, payloadPart, signaturePart] = parts
  if (parts.length !== 3 || !headerPart || !payloadPart || !signaturePart) {
    throw new RelayAuthError('auth is not a JWT')
  }
  const header = decodeJsonPart(headerPart, 'header')
  if (header.alg !== 'EdDSA' || header.typ !== 'JWT') {
    throw new RelayAuthError('the JWT header must be {"alg":"EdDSA","typ":"JWT"}')
  }
  const payload = decodeJsonPart(payloadPart, 'payload')
  const { iss, sub, exp } = payload
  if (typeof iss !== 'string') throw new RelayAuthError('the JWT has no iss')
  if (typeof sub !== 'string' || !sub) throw new RelayAuthError('the JWT has no sub')
  if (typeof exp !== 'number') throw new RelayAuthError('the JWT has no exp')
  if (exp * 1000 <= now) throw new RelayAuthError('the JWT has expired')

  const publicKey = publicKeyFromDidKey(iss)
  const signature = Buffer.from(signaturePart, 'base64url')
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  })
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'utf8')
  if (signature.length !== 64 || !verify(null, signed, key, signature)) {
    throw new RelayAuthError('the JWT signature does not match its iss')
  }
  return { clientId: iss, sessionId: sub, expiresAt: exp * 1000 }
}
