import { getBase58Decoder } from '@solana/kit'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './constants.ts'

/** Byte sizes of the SPL Token layouts, and where Token-2022 writes the account type. */
const ACCOUNT_SIZE = 165
const MINT_SIZE = 82
const ACCOUNT_TYPE_OFFSET = 165
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2

export type TokenAccountState = {
  mint: string
  owner: string
  amount: bigint
  delegate: string | null
  state: 'uninitialized' | 'initialized' | 'frozen'
  isNative: bigint | null
  delegatedAmount: bigint
  closeAuthority: string | null
}

export type MintState = {
  mintAuthority: string | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: string | null
}

export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM
}

const address = (data: Uint8Array, offset: number) =>
  getBase58Decoder().decode(data.subarray(offset, offset + 32))
const view = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength)
const optionalAddress = (data: Uint8Array, offset: number) =>
  view(data).getUint32(offset, true) === 1 ? address(data, offset + 4) : null

/** The token account in `data`, or undefined when `data` is not one (a mint, or other data). */
export function decodeTokenAccount(owner: string, data: Uint8Array): TokenAccountState | undefined {
  if (!isTokenProgram(owner) || data.length < ACCOUNT_SIZE) return undefined
  if (data.length > ACCOUNT_SIZE && data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_ACCOUNT)
    return undefined
  if (data.length > ACCOUNT_SIZE && owner === TOKEN_PROGRAM) return undefined
  const dv = view(data)
  const state = data[108]
  if (state === undefined || state === 0) return undefined
  return {
    mint: address(data, 0),
    owner: address(data, 32),
    amount: dv.getBigUint64(64, true),
    delegate: optionalAddress(data, 72),
    state: state === 2 ? 'frozen' : 'initialized',
    isNative: dv.getUint32(109, true) === 1 ? dv.getBigUint64(113, true) : null,
    delegatedAmount: dv.getBigUint64(121, true),
    closeAuthority: optionalAddress(data, 129),
  }
}

/** The mint in `data`, or undefined when `data` is not an initialized mint. */
export function decodeMint(owner: string, data: Uint8Array): MintState | undefined {
  if (!isTokenProgram(owner) || data.length < MINT_SIZE) return undefined
  if (data.length === ACCOUNT_SIZE) return undefined
  if (data.length > MINT_SIZE && data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT) return undefined
  const dv = view(data)
  if (data[45] !== 1) return undefined
  return {
    mintAuthority: optionalAddress(data, 0),
    supply: dv.getBigUint64(36, true),
    decimals: data[44] ?? 0,
    isInitialized: true,
    freezeAuthority: optionalAddress(data, 46),
  }
}

/** A raw amount with decimals written out, trailing zeros dropped: "1.5", "0.000001", "100". */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, -decimals)
  const fraction = digits.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** The `tokenAmount` / `uiTokenAmount` object of Solana's RPC. */
export function tokenAmount(amount: bigint, decimals: number) {
  const text = uiAmountString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}

export function programName(owner: string): string {
  return owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token'
}

/** The jsonParsed form of a token account, given its mint's decimals. */
export function parsedTokenAccount(
  owner: string,
  account: TokenAccountState,
  decimals: number,
  space: number,
) {
  const info: Record<string, unknown> = {
    isNative: account.isNative !== null,
    mint: account.mint,
    owner: account.owner,
    state: account.state,
    tokenAmount: tokenAmount(account.amount, decimals),
  }
  if (account.delegate) {
    info.delegate = account.delegate
    info.delegatedAmount = tokenAmount(account.delegatedAmount, decimals)
  }
  if (account.isNative !== null) info.rentExemptReserve = tokenAmount(account.isNative, decimals)
  if (account.closeAuthority) info.closeAuthority = account.closeAuthority
  return { program: programName(owner), parsed: { info, type: 'account' }, space }
}

export function parsedMint(owner: string, mint: MintState, space: number) {
  return {
    program: programName(owner),
    parsed: {
      info: {
        decimals: mint.decimals,
        freezeAuthority: mint.freezeAuthority,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority,
        supply: mint.supply.toString(),
      },
      type: 'mint',
    },
    space,
  }
}
