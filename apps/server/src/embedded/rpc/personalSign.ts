import type { Hex, SignableMessage } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { z } from 'zod'
import { addressParam, assertOwnAddress, parseParams } from './params.ts'

const personalSignParams = z.tuple([z.string().max(1_000_000), addressParam])

/** The message and signer of personal_sign [data, address]: hex data is bytes, other text UTF-8. */
export function personalSignRequest(params: unknown): { message: SignableMessage; address: Hex } {
  const [data, address] = parseParams('personal_sign', personalSignParams, params)
  const message = /^0x([0-9a-fA-F]{2})*$/.test(data) ? { raw: data as Hex } : data
  return { message, address }
}

/** personal_sign [data, address] (EIP-191) with the user's own key. */
export async function personalSign(account: PrivateKeyAccount, params: unknown): Promise<Hex> {
  const { message, address } = personalSignRequest(params)
  assertOwnAddress(address, account.address)
  return account.signMessage({ message })
}
