import {
  type Address,
  concat,
  type Hex,
  type LocalAccount,
  numberToHex,
  pad,
  size,
  slice,
  toHex,
} from 'viem'

/**
 * LatchPaymaster's signed request (OpenZeppelin's PaymasterSigner): every field of the operation
 * but its paymasterData and signature, with the paymaster's own gas limits and the window the
 * signature is valid in. A change to any gas field or fee after signing voids the signature.
 */
const USER_OPERATION_REQUEST = [
  { name: 'sender', type: 'address' },
  { name: 'nonce', type: 'uint256' },
  { name: 'initCode', type: 'bytes' },
  { name: 'callData', type: 'bytes' },
  { name: 'accountGasLimits', type: 'bytes32' },
  { name: 'preVerificationGas', type: 'uint256' },
  { name: 'gasFees', type: 'bytes32' },
  { name: 'paymasterVerificationGasLimit', type: 'uint256' },
  { name: 'paymasterPostOpGasLimit', type: 'uint256' },
  { name: 'validAfter', type: 'uint48' },
  { name: 'validUntil', type: 'uint48' },
] as const

/** The paymaster contract's EIP-712 name and version (its constructor's). */
export const LATCH_PAYMASTER_DOMAIN = { name: 'LatchPaymaster', version: '1' } as const

/** An EntryPoint v0.8 operation as far as the sponsor's signature covers it. */
export type SponsoredOperation = {
  sender: Address
  nonce: bigint
  factory?: Address | undefined
  factoryData?: Hex | undefined
  callData: Hex
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

/** Seconds since the epoch: the first and last second the signature is good for (0: no bound). */
export type ValidityWindow = { validAfter: number; validUntil: number }

/** Two 128-bit values in one word, as the packed user operation holds gas limits and fees. */
const packUints = (high: bigint, low: bigint): Hex =>
  concat([pad(toHex(high), { size: 16 }), pad(toHex(low), { size: 16 })])

/** The EIP-712 typed data the paymaster's signer signs for `operation`. */
export function sponsorshipTypedData(parameters: {
  chainId: number
  paymaster: Address
  operation: SponsoredOperation
  window: ValidityWindow
}) {
  const { operation, window } = parameters
  return {
    domain: {
      ...LATCH_PAYMASTER_DOMAIN,
      chainId: parameters.chainId,
      verifyingContract: parameters.paymaster,
    },
    types: { UserOperationRequest: USER_OPERATION_REQUEST },
    primaryType: 'UserOperationRequest',
    message: {
      sender: operation.sender,
      nonce: operation.nonce,
      initCode: operation.factory
        ? concat([operation.factory, operation.factoryData ?? '0x'])
        : '0x',
      callData: operation.callData,
      accountGasLimits: packUints(operation.verificationGasLimit, operation.callGasLimit),
      preVerificationGas: operation.preVerificationGas,
      gasFees: packUints(operation.maxPriorityFeePerGas, operation.maxFeePerGas),
      paymasterVerificationGasLimit: operation.paymasterVerificationGasLimit,
      paymasterPostOpGasLimit: operation.paymasterPostOpGasLimit,
      validAfter: window.validAfter,
      validUntil: window.validUntil,
    },
  } as const
}

/** paymasterData as the contract reads it: validAfter (6 bytes), validUntil (6 bytes), signature. */
export function encodePaymasterData(window: ValidityWindow, signature: Hex): Hex {
  return concat([
    numberToHex(window.validAfter, { size: 6 }),
    numberToHex(window.validUntil, { size: 6 }),
    signature,
  ])
}

/** The window and signature in paymasterData (the inverse of encodePaymasterData). */
export function decodePaymasterData(data: Hex): ValidityWindow & { signature: Hex } {
  if (size(data) < 12) throw new Error('paymasterData is shorter than its validity window')
  return {
    validAfter: Number(BigInt(slice(data, 0, 6))),
    validUntil: Number(BigInt(slice(data, 6, 12))),
    signature: size(data) > 12 ? slice(data, 12) : '0x',
  }
}

/**
 * A well-formed ECDSA signature (s in the lower half) for gas estimation: it recovers some
 * address that is not the signer, so the paymaster's check fails softly and costs what a real
 * signature costs.
 */
const STUB_SIGNATURE = concat([
  '0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0',
  '0x7aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  '0x1c',
])

/** paymasterData of the same length and cost as a signed one, for estimating gas. */
export function stubPaymasterData(window: ValidityWindow): Hex {
  return encodePaymasterData(window, STUB_SIGNATURE)
}

/** Signs `operation` for the paymaster with `signer` (the server's key): its paymasterData. */
export async function signPaymasterData(parameters: {
  signer: Pick<LocalAccount, 'signTypedData'>
  chainId: number
  paymaster: Address
  operation: SponsoredOperation
  window: ValidityWindow
}): Promise<Hex> {
  const signature = await parameters.signer.signTypedData(sponsorshipTypedData(parameters))
  return encodePaymasterData(parameters.window, signature)
}

/**
 * The most the EntryPoint can take from the paymaster's deposit for `operation`: every gas limit
 * at the operation's highest fee (its required prefund).
 */
export function maxCostOf(operation: SponsoredOperation): bigint {
  const gas =
    operation.verificationGasLimit +
    operation.callGasLimit +
    operation.paymasterVerificationGasLimit +
    operation.paymasterPostOpGasLimit +
    operation.preVerificationGas
  return gas * operation.maxFeePerGas
}
