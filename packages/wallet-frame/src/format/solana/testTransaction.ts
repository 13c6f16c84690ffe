import { decodeBase58 } from '@latch/protocol/solana'
import { encodeBase64, encodeSolanaTransaction } from '@latch/protocol/solana-wire'

/** An instruction for the test compiler: its program, its accounts and its data. */
export type TestInstruction = { program: string; accounts: string[]; data: Uint8Array }

/**
 * A legacy transaction, unsigned, as base64 wire bytes: signers first (the first pays), then every
 * other account in order of appearance. For tests of what the frame shows; a wallet builds
 * transactions with a Solana library.
 */
export function testTransaction(signers: string[], instructions: TestInstruction[]): string {
  const accounts = [...signers]
  const indexOf = (account: string) => {
    if (!accounts.includes(account)) accounts.push(account)
    return accounts.indexOf(account)
  }
  const compiled = instructions.map((instruction) => ({
    accounts: instruction.accounts.map(indexOf),
    program: indexOf(instruction.program),
    data: instruction.data,
  }))
  const bytes: number[] = [signers.length, 0, 0, accounts.length]
  for (const account of accounts) bytes.push(...(decodeBase58(account) as Uint8Array))
  bytes.push(...new Uint8Array(32).fill(7))
  bytes.push(compiled.length)
  for (const instruction of compiled)
    bytes.push(
      instruction.program,
      instruction.accounts.length,
      ...instruction.accounts,
      instruction.data.length,
      ...instruction.data,
    )
  const signatures = signers.map(() => new Uint8Array(64))
  return encodeBase64(encodeSolanaTransaction({ signatures, messageBytes: Uint8Array.from(bytes) }))
}

/** `value` as `length` little-endian bytes. */
export function le(value: bigint, length: number): number[] {
  return Array.from({ length }, (_, index) => Number((value >> BigInt(8 * index)) & 0xffn))
}
