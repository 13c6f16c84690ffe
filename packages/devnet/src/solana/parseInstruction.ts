import { getBase58Decoder } from '@solana/kit'
import {
  ASSOCIATED_TOKEN_PROGRAM,
  MEMO_PROGRAM,
  MEMO_V1_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from './constants.ts'
import { tokenAmount } from './tokens.ts'

type Info = Record<string, unknown>
type Parsed = { type: string; info: Info }

const u32 = (data: Uint8Array, at: number) =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(at, true)
const u64 = (data: Uint8Array, at: number) =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(at, true)
const key = (data: Uint8Array, at: number) => getBase58Decoder().decode(data.subarray(at, at + 32))

function system(data: Uint8Array, accounts: string[]): Parsed | undefined {
  if (data.length < 4) return undefined
  const [first, second] = accounts
  switch (u32(data, 0)) {
    case 0:
      return {
        type: 'createAccount',
        info: {
          source: first,
          newAccount: second,
          lamports: u64(data, 4),
          space: u64(data, 12),
          owner: key(data, 20),
        },
      }
    case 1:
      return { type: 'assign', info: { account: first, owner: key(data, 4) } }
    case 2:
      return {
        type: 'transfer',
        info: { source: first, destination: second, lamports: u64(data, 4) },
      }
    case 8:
      return { type: 'allocate', info: { account: first, space: u64(data, 4) } }
    default:
      return undefined
  }
}

function token(data: Uint8Array, accounts: string[]): Parsed | undefined {
  const [a, b, c, d] = accounts
  switch (data[0]) {
    case 0:
    case 20: {
      const freeze = data[35] === 1 ? key(data, 36) : undefined
      const info: Info = { mint: a, decimals: data[1], mintAuthority: key(data, 2) }
      if (freeze) info.freezeAuthority = freeze
      if (data[0] === 0) info.rentSysvar = b
      return { type: data[0] === 0 ? 'initializeMint' : 'initializeMint2', info }
    }
    case 1:
      return { type: 'initializeAccount', info: { account: a, mint: b, owner: c, rentSysvar: d } }
    case 16:
      return {
        type: 'initializeAccount2',
        info: { account: a, mint: b, owner: key(data, 1), rentSysvar: c },
      }
    case 18:
      return { type: 'initializeAccount3', info: { account: a, mint: b, owner: key(data, 1) } }
    case 3:
      return {
        type: 'transfer',
        info: { source: a, destination: b, authority: c, amount: u64(data, 1).toString() },
      }
    case 12:
      return {
        type: 'transferChecked',
        info: {
          source: a,
          mint: b,
          destination: c,
          authority: d,
          tokenAmount: tokenAmount(u64(data, 1), data[9] ?? 0),
        },
      }
    case 7:
      return {
        type: 'mintTo',
        info: { mint: a, account: b, mintAuthority: c, amount: u64(data, 1).toString() },
      }
    case 14:
      return {
        type: 'mintToChecked',
        info: {
          mint: a,
          account: b,
          mintAuthority: c,
          tokenAmount: tokenAmount(u64(data, 1), data[9] ?? 0),
        },
      }
    case 8:
      return {
        type: 'burn',
        info: { account: a, mint: b, authority: c, amount: u64(data, 1).toString() },
      }
    case 15:
      return {
        type: 'burnChecked',
        info: {
          account: a,
          mint: b,
          authority: c,
          tokenAmount: tokenAmount(u64(data, 1), data[9] ?? 0),
        },
      }
    case 9:
      return { type: 'closeAccount', info: { account: a, destination: b, owner: c } }
    case 17:
      return { type: 'syncNative', info: { account: a } }
    case 21:
      return { type: 'getAccountDataSize', info: { mint: a, extensionTypes: [] } }
    case 22:
      return { type: 'initializeImmutableOwner', info: { account: a } }
    default:
      return undefined
  }
}

function associatedToken(data: Uint8Array, accounts: string[]): Parsed | undefined {
  const [source, account, wallet, mint, systemProgram, tokenProgram] = accounts
  const info = { source, account, wallet, mint, systemProgram, tokenProgram }
  if (data.length === 0 || data[0] === 0) return { type: 'create', info }
  if (data[0] === 1) return { type: 'createIdempotent', info }
  return undefined
}

const PROGRAMS: Record<
  string,
  [name: string, parse: (data: Uint8Array, accounts: string[]) => Parsed | undefined]
> = {
  [SYSTEM_PROGRAM]: ['system', system],
  [TOKEN_PROGRAM]: ['spl-token', token],
  [TOKEN_2022_PROGRAM]: ['spl-token-2022', token],
  [ASSOCIATED_TOKEN_PROGRAM]: ['spl-associated-token-account', associatedToken],
}

/**
 * An instruction in jsonParsed form: parsed for the System, SPL Token, Token-2022, Associated
 * Token and Memo programs (the ones this chain runs), else its accounts and base58 data.
 */
export function parseInstruction(
  programId: string,
  accounts: string[],
  data: Uint8Array,
  stackHeight: number | null,
) {
  if (programId === MEMO_PROGRAM || programId === MEMO_V1_PROGRAM) {
    return {
      parsed: Buffer.from(data).toString('utf8'),
      program: 'spl-memo',
      programId,
      stackHeight,
    }
  }
  const known = PROGRAMS[programId]
  try {
    const parsed = known?.[1](data, accounts)
    if (known && parsed) return { parsed, program: known[0], programId, stackHeight }
  } catch {
    // Data too short for its kind: shown unparsed, as a node does with what it cannot read.
  }
  return { accounts, data: getBase58Decoder().decode(data), programId, stackHeight }
}
