// Builds the few Solana transactions the kit sends (a SOL transfer, an SPL transfer with the
// receiver's token account created when missing) without a codec library: these builders come
// to 1.7 KiB gzip where the same from @solana/kit and its System and Token clients is 20 KiB.
// `solanaWire.ts` reads what this writes.

import { decodeBase58, encodeBase58 } from './solanaAddress.ts'
import {
  ASSOCIATED_TOKEN_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from './solanaPrograms.ts'
import { encodeSolanaTransaction, shortLengthBytes } from './solanaWire.ts'

export { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM }

/** An account an instruction reads or writes, and whether it must sign. */
export type AccountMeta = { address: string; signer: boolean; writable: boolean }

/** One instruction before compiling: its program, accounts in the program's order, and data. */
export type Instruction = { programId: string; accounts: AccountMeta[]; data: Uint8Array }

/** The 32 bytes of a base58 address; anything else is a programming error of the caller. */
function keyBytes(address: string): Uint8Array {
  const bytes = decodeBase58(address)
  if (bytes?.length !== 32) throw new TypeError(`Not a Solana address: ${address}`)
  return bytes
}

/** `value` as `size` little-endian bytes (u32, u64). */
function littleEndian(value: bigint, size: number): number[] {
  const bytes: number[] = []
  let rest = value
  for (let index = 0; index < size; index++) {
    bytes.push(Number(rest & 0xffn))
    rest >>= 8n
  }
  return bytes
}

const U64_MAX = (1n << 64n) - 1n

function u64(value: bigint): number[] {
  if (value < 0n || value > U64_MAX) throw new RangeError('The amount does not fit in a u64')
  return littleEndian(value, 8)
}

/** The System program's Transfer: `lamports` from `from` (who signs) to `to`. */
export function systemTransferInstruction(from: string, to: string, lamports: bigint): Instruction {
  return {
    programId: SYSTEM_PROGRAM,
    accounts: [
      { address: from, signer: true, writable: true },
      { address: to, signer: false, writable: true },
    ],
    // Instruction 2 (Transfer) as a u32, then the lamports as a u64.
    data: Uint8Array.from([...littleEndian(2n, 4), ...u64(lamports)]),
  }
}

/**
 * SPL Token's TransferChecked (Token and Token-2022 share it): the mint and its decimals are
 * named, so the program refuses a transfer of another token or at another scale.
 */
export function transferCheckedInstruction(options: {
  programId: string
  source: string
  mint: string
  destination: string
  owner: string
  amount: bigint
  decimals: number
}): Instruction {
  return {
    programId: options.programId,
    accounts: [
      { address: options.source, signer: false, writable: true },
      { address: options.mint, signer: false, writable: false },
      { address: options.destination, signer: false, writable: true },
      { address: options.owner, signer: true, writable: false },
    ],
    data: Uint8Array.from([12, ...u64(options.amount), options.decimals]),
  }
}

/**
 * The Associated Token program's CreateIdempotent: creates `owner`'s token account of `mint`
 * (rent paid by `payer`), and succeeds without change when it exists already.
 */
export function createAssociatedTokenIdempotentInstruction(options: {
  payer: string
  account: string
  owner: string
  mint: string
  tokenProgram: string
}): Instruction {
  return {
    programId: ASSOCIATED_TOKEN_PROGRAM,
    accounts: [
      { address: options.payer, signer: true, writable: true },
      { address: options.account, signer: false, writable: true },
      { address: options.owner, signer: false, writable: false },
      { address: options.mint, signer: false, writable: false },
      { address: SYSTEM_PROGRAM, signer: false, writable: false },
      { address: options.tokenProgram, signer: false, writable: false },
    ],
    data: Uint8Array.from([1]),
  }
}

/**
 * A legacy message's bytes: the accounts merged (a key named twice keeps the strongest role) and
 * ordered as the runtime requires (fee payer first, then writable signers, read-only signers,
 * writable others, read-only others), then each instruction as indexes into them.
 */
export function compileLegacyMessage(options: {
  feePayer: string
  recentBlockhash: string
  instructions: Instruction[]
}): Uint8Array {
  const roles = new Map<string, { signer: boolean; writable: boolean }>()
  const add = (address: string, signer: boolean, writable: boolean) => {
    const role = roles.get(address)
    roles.set(address, {
      signer: signer || (role?.signer ?? false),
      writable: writable || (role?.writable ?? false),
    })
  }
  add(options.feePayer, true, true)
  for (const instruction of options.instructions) {
    for (const account of instruction.accounts)
      add(account.address, account.signer, account.writable)
    add(instruction.programId, false, false)
  }
  const rank = ({ signer, writable }: { signer: boolean; writable: boolean }) =>
    (signer ? 0 : 2) + (writable ? 0 : 1)
  // Map keeps insertion order and sort is stable: the fee payer, added first, stays first.
  const keys = [...roles.entries()].sort(([, a], [, b]) => rank(a) - rank(b))
  const index = new Map(keys.map(([address], position) => [address, position]))
  const count = (want: number) => keys.filter(([, role]) => rank(role) === want).length
  const bytes: number[] = [count(0) + count(1), count(1), count(3)]
  bytes.push(...shortLengthBytes(keys.length))
  for (const [address] of keys) bytes.push(...keyBytes(address))
  bytes.push(...keyBytes(options.recentBlockhash))
  bytes.push(...shortLengthBytes(options.instructions.length))
  for (const instruction of options.instructions) {
    bytes.push(index.get(instruction.programId) as number)
    bytes.push(...shortLengthBytes(instruction.accounts.length))
    for (const account of instruction.accounts) bytes.push(index.get(account.address) as number)
    bytes.push(...shortLengthBytes(instruction.data.length), ...instruction.data)
  }
  return Uint8Array.from(bytes)
}

/** A transaction of `message` awaiting its signatures: one zeroed 64-byte slot per signer. */
export function unsignedTransaction(message: Uint8Array): Uint8Array {
  const signers = message[0] ?? 0
  return encodeSolanaTransaction({
    signatures: Array.from({ length: signers }, () => new Uint8Array(64)),
    messageBytes: message,
  })
}

// ed25519's field and curve constant d = -121665/121666, for the on-curve test of addresses.
const P = 2n ** 255n - 19n
const mod = (value: bigint) => ((value % P) + P) % P

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n
  let square = mod(base)
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % P
    square = (square * square) % P
  }
  return result
}

const D = mod(-121665n * power(121666n, P - 2n))

/**
 * Whether 32 bytes are an ed25519 point (a key a wallet can hold): the y coordinate read from
 * them has an x with x² = (y² - 1) / (d·y² + 1), which holds when that ratio is zero or a square.
 * A program-derived address must not be one, so no private key can sign for it.
 */
export function isOnCurve(bytes: Uint8Array): boolean {
  let y = 0n
  for (let index = 31; index >= 0; index--) y = (y << 8n) | BigInt(bytes[index] ?? 0)
  y = mod(y & ((1n << 255n) - 1n))
  const y2 = (y * y) % P
  const ratio = (mod(y2 - 1n) * power(mod(D * y2 + 1n), P - 2n)) % P
  return ratio === 0n || power(ratio, (P - 1n) / 2n) === 1n
}

const PDA_MARKER = new TextEncoder().encode('ProgramDerivedAddress')

/**
 * The program-derived address of `seeds` under `programId` and its bump: the first SHA-256 of
 * seeds + bump + program + marker, bump counting down from 255, that is off the curve.
 */
export async function findProgramAddress(
  seeds: Uint8Array[],
  programId: string,
): Promise<[address: string, bump: number]> {
  const program = keyBytes(programId)
  for (let bump = 255; bump >= 0; bump--) {
    const input = new Uint8Array(
      seeds.reduce((total, seed) => total + seed.length, 0) + 1 + 32 + PDA_MARKER.length,
    )
    let offset = 0
    for (const seed of seeds) {
      input.set(seed, offset)
      offset += seed.length
    }
    input[offset++] = bump
    input.set(program, offset)
    input.set(PDA_MARKER, offset + 32)
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', input))
    if (!isOnCurve(hash)) return [encodeBase58(hash), bump]
  }
  throw new Error(`No program address for these seeds under ${programId}`)
}

/** `owner`'s associated token account of `mint`, under the mint's token program. */
export async function associatedTokenAddress(
  owner: string,
  mint: string,
  tokenProgram: string,
): Promise<string> {
  const [address] = await findProgramAddress(
    [keyBytes(owner), keyBytes(tokenProgram), keyBytes(mint)],
    ASSOCIATED_TOKEN_PROGRAM,
  )
  return address
}
