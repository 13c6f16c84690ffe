import type { Hex, TypedDataDefinition } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { z } from 'zod'
import { parseCallerJson } from '../../plugins/jsonBody.ts'
import { MAX_TYPED_DATA_TYPES } from '../constants.ts'
import { onChain } from './chainError.ts'
import { addressParam, assertOwnAddress, parseParams } from './params.ts'

const typedData = z.object({
  types: z
    .record(z.string(), z.array(z.object({ name: z.string(), type: z.string() })))
    .refine(
      (types) => Object.keys(types).length <= MAX_TYPED_DATA_TYPES,
      `At most ${MAX_TYPED_DATA_TYPES} types`,
    ),
  primaryType: z.string().min(1),
  domain: z.record(z.string(), z.unknown()).default({}),
  message: z.record(z.string(), z.unknown()),
})

const signTypedDataParams = z.tuple([addressParam, z.union([z.string().max(1_000_000), typedData])])

/** The typed data and signer of eth_signTypedData_v4 [address, typedData as JSON or object]. */
export function signTypedDataRequest(params: unknown): {
  address: Hex
  data: TypedDataDefinition
} {
  const [address, raw] = parseParams('eth_signTypedData_v4', signTypedDataParams, params)
  const json =
    typeof raw === 'string'
      ? parseCallerJson(raw, 'Invalid eth_signTypedData_v4 params: the typed data is not JSON')
      : raw
  const data = parseParams('eth_signTypedData_v4', typedData, json)
  return { address, data: data as unknown as TypedDataDefinition }
}

/** eth_signTypedData_v4 [address, typedData as JSON or object] (EIP-712) with the user's own key. */
export async function signTypedDataV4(account: PrivateKeyAccount, params: unknown): Promise<Hex> {
  const { address, data } = signTypedDataRequest(params)
  assertOwnAddress(address, account.address)
  // viem checks the data against its types (a bad field is a 400 with viem's message).
  return onChain(() => account.signTypedData(data))
}
