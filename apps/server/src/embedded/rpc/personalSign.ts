import type { Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { z } from 'zod'
import { addressParam, assertOwnAddress, parseParams } from './params.ts'

const personalSignParams = z.tuple([z.string().max(1_000_000), addressParam])

/** personal_sign [data, address] (EIP-191): hex data is signed as bytes, other text as UTF-8. */
export async function personalSign(account: PrivateKeyAccount, params: unknown): Promise<Hex> {
  const [data, address] = parseParams('personal_sign', personalSignParams, params)
  assertOwnAddress(address, account.address)
  const message = /^0x([0-9a-fA-F]{2})*$/.test(data) ? { raw: data as Hex } : data
  return account.signMessage({ message })
}
