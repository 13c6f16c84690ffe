import { address } from '@solana/kit'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './constants.ts'
import { accountEncoding, encodeAccount } from './encodeAccount.ts'
import { invalidParams } from './errors.ts'
import type { Methods } from './methods.ts'
import { configParam, context, pubkeyParam, requireParams, usizeParam } from './params.ts'
import { decodeMint, decodeTokenAccount, isTokenProgram, tokenAmount } from './tokens.ts'

// A node answers at most this many accounts in one getMultipleAccounts.
const MAX_MULTIPLE_ACCOUNTS = 100

/** Reading accounts: balances, account data, token accounts, rent. */
export const accountMethods: Methods = {
  getBalance(params, chain) {
    requireParams(params, 1)
    const key = pubkeyParam(params[0])
    configParam(params, 1, chain)
    return { context: context(chain), value: chain.balance(key) }
  },

  getAccountInfo(params, chain) {
    requireParams(params, 1)
    const key = pubkeyParam(params[0])
    const config = configParam(params, 1, chain)
    const encoding = accountEncoding(config)
    const account = chain.account(key)
    return {
      context: context(chain),
      value: account ? encodeAccount(chain, account, encoding, config) : null,
    }
  },

  getMultipleAccounts(params, chain) {
    requireParams(params, 1)
    if (!Array.isArray(params[0]))
      throw invalidParams('Invalid params: invalid type: expected a sequence.')
    if (params[0].length > MAX_MULTIPLE_ACCOUNTS) {
      throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`)
    }
    const keys = params[0].map(pubkeyParam)
    const config = configParam(params, 1, chain)
    const encoding = accountEncoding(config)
    return {
      context: context(chain),
      value: keys.map((key) => {
        const account = chain.account(key)
        return account ? encodeAccount(chain, account, encoding, config) : null
      }),
    }
  },

  getTokenAccountsByOwner(params, chain) {
    requireParams(params, 2)
    const owner = pubkeyParam(params[0])
    const filter = params[1] as { mint?: unknown; programId?: unknown } | undefined
    if (
      !filter ||
      typeof filter !== 'object' ||
      (filter.mint === undefined) === (filter.programId === undefined)
    ) {
      throw invalidParams('Invalid params: expected one of `mint` or `programId`.')
    }
    const config = configParam(params, 2, chain)
    const encoding = accountEncoding(config)
    let programs: string[]
    let mint: string | undefined
    if (filter.mint !== undefined) {
      mint = pubkeyParam(filter.mint)
      const mintAccount = chain.account(mint)
      if (!mintAccount || !decodeMint(mintAccount.owner, mintAccount.data)) {
        throw invalidParams('Invalid param: could not find mint')
      }
      programs = [mintAccount.owner]
    } else {
      const program = pubkeyParam(filter.programId)
      if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) {
        throw invalidParams('Invalid param: unrecognized Token program id')
      }
      programs = [program]
    }
    const value = programs.flatMap((program) =>
      chain.svm
        .getProgramAccounts(address(program))
        .map((found) => ({
          pubkey: found.address as string,
          account: {
            lamports: found.lamports,
            data: new Uint8Array(found.data),
            owner: found.programAddress as string,
            executable: found.executable,
            space: found.data.length,
          },
        }))
        .filter(({ account }) => {
          const token = decodeTokenAccount(account.owner, account.data)
          return token && token.owner === owner && (mint === undefined || token.mint === mint)
        })
        .map(({ pubkey, account }) => ({
          pubkey,
          account: encodeAccount(chain, account, encoding, config),
        })),
    )
    return { context: context(chain), value }
  },

  getTokenAccountBalance(params, chain) {
    requireParams(params, 1)
    const key = pubkeyParam(params[0])
    configParam(params, 1, chain)
    const account = chain.account(key)
    if (!account) throw invalidParams('Invalid param: could not find account')
    const token = decodeTokenAccount(account.owner, account.data)
    if (!token) throw invalidParams('Invalid param: not a Token account')
    const mintAccount = chain.account(token.mint)
    const mint = mintAccount && decodeMint(mintAccount.owner, mintAccount.data)
    if (!mint) throw invalidParams('Invalid param: could not find mint')
    return { context: context(chain), value: tokenAmount(token.amount, mint.decimals) }
  },

  getTokenSupply(params, chain) {
    requireParams(params, 1)
    const key = pubkeyParam(params[0])
    configParam(params, 1, chain)
    const account = chain.account(key)
    const mint = account && isTokenProgram(account.owner) && decodeMint(account.owner, account.data)
    if (!mint) throw invalidParams('Invalid param: not a Token mint')
    return { context: context(chain), value: tokenAmount(mint.supply, mint.decimals) }
  },

  getMinimumBalanceForRentExemption(params, chain) {
    const size = params.length > 0 ? usizeParam(params[0]) : 0
    configParam(params, 1, chain)
    return chain.svm.minimumBalanceForRentExemption(BigInt(size))
  },

  getGenesisHash(_params, chain) {
    return chain.genesisHash
  },
}
