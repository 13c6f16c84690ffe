import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { hex } from '@scure/base'

export { hex }

/** Bitcoin's hash of transactions and headers: SHA-256 twice. */
export const sha256d = (bytes: Uint8Array): Uint8Array => sha256(sha256(bytes))

/** The hash an address of a key or script names: RIPEMD-160 of SHA-256. */
export const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes))

/** A hash as Bitcoin displays it (txids, block hashes): the bytes reversed, in hex. */
export const displayHash = (hash: Uint8Array): string => hex.encode(Uint8Array.from(hash).reverse())

/** The internal byte order of a displayed hash. */
export const internalHash = (display: string): Uint8Array => hex.decode(display).reverse()

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}
