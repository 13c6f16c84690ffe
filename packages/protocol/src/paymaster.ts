import { z } from 'zod'
import { withEvmChecksum } from './addressSchemas.ts'

// POST /v1/paymaster speaks ERC-7677 (pm_getPaymasterStubData, pm_getPaymasterData) for
// EntryPoint v0.8 user operations. These are the params of its two methods, as viem's paymaster
// client sends them: the unsigned operation in JSON-RPC's hex form, the EntryPoint, the chain id
// in hex, and a context the service defines.

/** Largest `callData` or `factoryData` taken, in hex characters: 64 KiB of bytes. */
export const PAYMASTER_MAX_DATA_HEX = 2 * 64 * 1024

const address = withEvmChecksum(
  z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address: 0x followed by 40 hex characters'),
).transform((value) => value as `0x${string}`)

/** A JSON-RPC quantity: 0x and 1 to 64 hex digits (a uint256 at most). */
const quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a hex quantity such as 0x1a')
  .transform((value) => BigInt(value))

const bytes = z
  .string()
  .max(2 + PAYMASTER_MAX_DATA_HEX, 'Too long: at most 64 KiB of data')
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'Expected hex bytes such as 0xabcd')
  .transform((value) => value as `0x${string}`)

/** An EntryPoint v0.8 user operation before the sponsor's fields are set. */
export const paymasterUserOperation = z.object({
  sender: address,
  nonce: quantity,
  factory: address.optional(),
  factoryData: bytes.optional(),
  callData: bytes,
  callGasLimit: quantity.default(0n),
  verificationGasLimit: quantity.default(0n),
  preVerificationGas: quantity.default(0n),
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  /** Ignored: the service sets the paymaster's own gas limits and answers them. */
  paymasterVerificationGasLimit: quantity.optional(),
  paymasterPostOpGasLimit: quantity.optional(),
  /** The account's stub signature, if any; not covered by the sponsor's signature. */
  signature: bytes.optional(),
})
export type PaymasterUserOperation = z.infer<typeof paymasterUserOperation>

/** The params of pm_getPaymasterStubData and pm_getPaymasterData. */
export const paymasterParams = z.tuple(
  [
    paymasterUserOperation,
    address.describe('EntryPoint address'),
    quantity.describe('chain id, in hex'),
  ],
  // The context: this service takes none and ignores what it is given.
  z.unknown(),
)

/** What pm_getPaymasterStubData answers: the sponsor's fields for gas estimation. */
export type PaymasterStubResult = {
  sponsor: { name: string }
  paymaster: `0x${string}`
  paymasterData: `0x${string}`
  paymasterVerificationGasLimit: `0x${string}`
  paymasterPostOpGasLimit: `0x${string}`
  /** False: pm_getPaymasterData signs the operation once its gas is known. */
  isFinal: false
}

/** What pm_getPaymasterData answers: the signed fields the operation is sent with. */
export type PaymasterDataResult = {
  paymaster: `0x${string}`
  paymasterData: `0x${string}`
  paymasterVerificationGasLimit: `0x${string}`
  paymasterPostOpGasLimit: `0x${string}`
}
