import { getBase58Decoder } from '@solana/kit'
import type { AccountView, SolanaChain } from './chain.ts'
import { RENT_EXEMPT_EPOCH } from './constants.ts'
import { invalidParams } from './errors.ts'
import { oneOf } from './params.ts'
import { decodeMint, decodeTokenAccount, parsedMint, parsedTokenAccount } from './tokens.ts'

export const ACCOUNT_ENCODINGS = [
  'binary',
  'base58',
  'base64',
  'jsonParsed',
  'base64+zstd',
] as const
export type AccountEncoding = (typeof ACCOUNT_ENCODINGS)[number]

// Base58 is slow and long: a node refuses it for data above this size.
const MAX_BASE58_BYTES = 128

export function accountEncoding(config: Record<string, unknown>): AccountEncoding {
  const encoding = oneOf(config.encoding, ACCOUNT_ENCODINGS, 'binary')
  if (encoding === 'base64+zstd') {
    throw invalidParams('base64+zstd encoding is not supported by this devnet; ask for base64')
  }
  return encoding
}

function slice(data: Uint8Array, config: Record<string, unknown>): Uint8Array {
  const range = config.dataSlice as { offset?: unknown; length?: unknown } | undefined
  if (!range) return data
  const offset = Number(range.offset ?? 0)
  const length = Number(range.length ?? 0)
  return data.subarray(offset, offset + length)
}

/** An account as getAccountInfo, getMultipleAccounts and accountNotification show it. */
export function encodeAccount(
  chain: SolanaChain,
  account: AccountView,
  encoding: AccountEncoding,
  config: Record<string, unknown> = {},
) {
  return {
    data: encodeData(chain, account, encoding, config),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.space,
  }
}

function encodeData(
  chain: SolanaChain,
  account: AccountView,
  encoding: AccountEncoding,
  config: Record<string, unknown>,
) {
  if (encoding === 'jsonParsed') {
    const parsed = parseAccount(chain, account)
    if (parsed) return parsed
    return [Buffer.from(account.data).toString('base64'), 'base64']
  }
  const data = slice(account.data, config)
  if (encoding === 'binary' || encoding === 'base58') {
    if (data.length > MAX_BASE58_BYTES) {
      throw invalidParams(
        `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
      )
    }
    const text = getBase58Decoder().decode(data)
    return encoding === 'binary' ? text : [text, 'base58']
  }
  return [Buffer.from(data).toString('base64'), 'base64']
}

/** The jsonParsed form of a token account or mint, or undefined for other accounts. */
export function parseAccount(chain: SolanaChain, account: AccountView) {
  const token = decodeTokenAccount(account.owner, account.data)
  if (token) {
    const mintAccount = chain.account(token.mint)
    const mint = mintAccount && decodeMint(mintAccount.owner, mintAccount.data)
    return parsedTokenAccount(account.owner, token, mint?.decimals ?? 0, account.space)
  }
  const mint = decodeMint(account.owner, account.data)
  if (mint) return parsedMint(account.owner, mint, account.space)
  return undefined
}
