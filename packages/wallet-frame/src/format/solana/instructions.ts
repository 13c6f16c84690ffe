import type { ScreenWords } from '../../i18n/screenLanguage.ts'
import { decodePersonalMessage } from '../decodePersonalMessage.ts'
import type { DetailSection } from '../details.ts'
import { formatWei } from '../formatWei.ts'
import { shortenData } from '../shortenHex.ts'
import {
  ASSOCIATED_TOKEN_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  MEMO_PROGRAM,
  MEMO_V1_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from './programs.ts'

/** A token the screen can name: the server's list for the network. */
export type KnownToken = { mint: string; symbol: string; decimals: number }

/** What an instruction is read with: its program, accounts and data already resolved. */
export type InstructionInput = {
  programId: string
  /** Base58 addresses; an account loaded from a lookup table is described in words instead. */
  accounts: string[]
  data: Uint8Array
  /** The network's coin, for native amounts. */
  currency: { symbol: string; decimals: number }
  tokens: readonly KnownToken[]
  /** The screen's language. */
  words: ScreenWords
}

/** Little-endian unsigned integer of `length` bytes at `offset`, or undefined past the end. */
function readUint(data: Uint8Array, offset: number, length: number): bigint | undefined {
  if (offset + length > data.length) return undefined
  let value = 0n
  for (let index = length - 1; index >= 0; index--)
    value = (value << 8n) | BigInt(data[offset + index] as number)
  return value
}

const mono = (input: InstructionInput, label: string, value: string | undefined) => ({
  label,
  value: value ?? input.words.say('unknown'),
  mono: true,
})
// Programs are named as Solana names them, in every language.
const program = (input: InstructionInput, name: string) => ({
  label: input.words.say('program'),
  value: name,
})
/** An amount in a token's whole units, written the screen's way. */
const units = (input: InstructionInput, amount: bigint, decimals: number, symbol: string) =>
  `${input.words.amount(formatWei(amount, decimals))} ${symbol}`.trim()

function toHex(bytes: Uint8Array): string {
  let hex = '0x'
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0')
  return hex
}

function unknown(input: InstructionInput): DetailSection {
  const { say } = input.words
  const rows = [mono(input, say('program'), input.programId)]
  if (input.data.length > 0)
    rows.push({ label: say('data'), value: shortenData(toHex(input.data)), mono: true })
  return { heading: say('unknownInstruction'), rows }
}

function systemInstruction(input: InstructionInput): DetailSection {
  const kind = readUint(input.data, 0, 4)
  const lamports = readUint(input.data, 4, 8)
  // Transfer: [from, to], then the lamports.
  if (kind !== 2n || lamports === undefined || input.data.length !== 12) return unknown(input)
  const { say } = input.words
  return {
    heading: say('coinTransfer', { symbol: input.currency.symbol }),
    rows: [
      program(input, 'System Program'),
      mono(input, say('from'), input.accounts[0]),
      mono(input, say('to'), input.accounts[1]),
      {
        label: say('amount'),
        value: units(input, lamports, input.currency.decimals, input.currency.symbol),
      },
    ],
  }
}

function tokenInstruction(input: InstructionInput, name: string): DetailSection {
  const kind = input.data[0]
  const amount = readUint(input.data, 1, 8)
  if (amount === undefined) return unknown(input)
  const { say } = input.words
  // Transfer: [source, destination, owner]; the mint is not part of it.
  if (kind === 3 && input.data.length === 9)
    return {
      heading: say('tokenTransfer'),
      rows: [
        program(input, name),
        mono(input, say('from'), input.accounts[0]),
        mono(input, say('to'), input.accounts[1]),
        {
          label: say('amount'),
          value: say('baseUnitsNoMint', { amount: input.words.amount(amount.toString()) }),
        },
      ],
    }
  // TransferChecked: [source, mint, destination, owner], then the amount and the decimals.
  const decimals = input.data[9]
  if (kind === 12 && decimals !== undefined && input.data.length === 10) {
    const mint = input.accounts[1]
    const token = input.tokens.find((candidate) => candidate.mint === mint)
    return {
      heading: token ? say('coinTransfer', { symbol: token.symbol }) : say('tokenTransfer'),
      rows: [
        program(input, name),
        mono(input, say('from'), input.accounts[0]),
        mono(input, say('to'), input.accounts[2]),
        { label: say('amount'), value: units(input, amount, decimals, token?.symbol ?? '') },
        mono(input, say('mint'), mint),
      ],
    }
  }
  return unknown(input)
}

function associatedTokenInstruction(input: InstructionInput): DetailSection {
  const kind = input.data.length === 0 ? 0 : input.data[0]
  // Create (0) and CreateIdempotent (1): [payer, token account, owner, mint, system, token program].
  if ((kind !== 0 && kind !== 1) || input.data.length > 1) return unknown(input)
  const mint = input.accounts[3]
  const token = input.tokens.find((candidate) => candidate.mint === mint)
  const { say } = input.words
  return {
    heading: say('createTokenAccount'),
    rows: [
      program(input, 'Associated Token Program'),
      mono(input, say('owner'), input.accounts[2]),
      token ? { label: say('token'), value: token.symbol } : mono(input, say('mint'), mint),
      ...(token ? [mono(input, say('mint'), mint)] : []),
      mono(input, say('paidByAccount'), input.accounts[0]),
    ],
  }
}

function memoInstruction(input: InstructionInput): DetailSection {
  const text = decodePersonalMessage(toHex(input.data))
  return {
    heading: input.words.say('memo'),
    rows: [program(input, 'Memo Program')],
    block: { text: text.text, mono: text.encoding === 'hex' },
  }
}

function computeBudgetInstruction(input: InstructionInput): DetailSection {
  const kind = input.data[0]
  const limit = readUint(input.data, 1, 4)
  const price = readUint(input.data, 1, 8)
  const { say, amount } = input.words
  if (kind === 2 && limit !== undefined && input.data.length === 5)
    return {
      heading: say('computeBudget'),
      rows: [
        program(input, 'Compute Budget Program'),
        { label: say('computeUnitLimit'), value: amount(limit.toString()) },
      ],
    }
  if (kind === 3 && price !== undefined && input.data.length === 9)
    return {
      heading: say('computeBudget'),
      rows: [
        program(input, 'Compute Budget Program'),
        {
          label: say('priorityFee'),
          value: say('microLamports', { price: amount(price.toString()) }),
        },
      ],
    }
  return unknown(input)
}

/** One instruction as the approval screen shows it; one it cannot read shows its program id. */
export function describeInstruction(input: InstructionInput): DetailSection {
  switch (input.programId) {
    case SYSTEM_PROGRAM:
      return systemInstruction(input)
    case TOKEN_PROGRAM:
      return tokenInstruction(input, 'Token Program')
    case TOKEN_2022_PROGRAM:
      return tokenInstruction(input, 'Token-2022 Program')
    case ASSOCIATED_TOKEN_PROGRAM:
      return associatedTokenInstruction(input)
    case MEMO_PROGRAM:
    case MEMO_V1_PROGRAM:
      return memoInstruction(input)
    case COMPUTE_BUDGET_PROGRAM:
      return computeBudgetInstruction(input)
    default:
      return unknown(input)
  }
}
