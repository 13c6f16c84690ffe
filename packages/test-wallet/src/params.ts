// Readers of EIP-1193 request params, shared by the injected wallet (wallet.ts) and the
// WalletConnect wallet: each throws the -32602 `invalidParams` error for a param it cannot use.
import {
  type AccessList,
  type Address,
  type Hex,
  isAddress,
  isHex,
  type TypedDataDefinition,
} from 'viem'
import { invalidParams } from './errors.ts'

const hexQuantity = /^0x[0-9a-fA-F]+$/

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An account param (a signer, a `from`), in any letter case. */
export function addressParam(value: unknown): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    throw invalidParams(`expected an address, got ${JSON.stringify(value)}`)
  }
  return value
}

/** The `{ chainId }` of wallet_switchEthereumChain and wallet_addEthereumChain, as a number. */
export function chainIdParam(value: unknown): number {
  if (!isRecord(value)) throw invalidParams('expected [{ chainId }]')
  const { chainId } = value
  if (typeof chainId !== 'string' || !hexQuantity.test(chainId)) {
    throw invalidParams(`chainId must be a 0x-prefixed hex string, got ${JSON.stringify(chainId)}`)
  }
  const number = Number.parseInt(chainId, 16)
  if (!Number.isSafeInteger(number) || number <= 0) {
    throw invalidParams(`chainId out of range: ${chainId}`)
  }
  return number
}

/** The typed data of eth_signTypedData_v4, given as JSON text or as an object. */
export function typedDataParam(value: unknown): TypedDataDefinition {
  let data: unknown = value
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value)
    } catch {
      throw invalidParams('typed data is not valid JSON')
    }
  }
  if (
    !isRecord(data) ||
    !isRecord(data.types) ||
    typeof data.primaryType !== 'string' ||
    !isRecord(data.message)
  ) {
    throw invalidParams('typed data must have types, primaryType and message')
  }
  if (data.domain !== undefined && !isRecord(data.domain)) {
    throw invalidParams('typed data domain must be an object')
  }
  return {
    domain: (data.domain ?? {}) as TypedDataDefinition['domain'],
    types: data.types as TypedDataDefinition['types'],
    primaryType: data.primaryType,
    message: data.message,
  } as TypedDataDefinition
}

/** The eth_sendTransaction fields a dapp may set; viem fills in whatever is missing. */
export type TransactionFields = {
  to?: Address
  data?: Hex
  value?: bigint
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
  accessList?: AccessList
  type?: 'legacy' | 'eip2930' | 'eip1559'
}

const transactionTypes = { '0x0': 'legacy', '0x1': 'eip2930', '0x2': 'eip1559' } as const

/**
 * Reads the first eth_sendTransaction param; `from` is returned apart, for the caller to check.
 * With `chainId`, a transaction that names another chain is refused.
 */
export function transactionParam(
  value: unknown,
  options: { chainId?: number } = {},
): { from: unknown; fields: TransactionFields } {
  if (!isRecord(value)) throw invalidParams('expected [transaction]')
  const quantity = (key: string): bigint | undefined => {
    const v = value[key]
    if (v === undefined || v === null) return undefined
    if (typeof v === 'string' && hexQuantity.test(v)) return BigInt(v)
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
    throw invalidParams(`${key} must be a hex quantity, got ${JSON.stringify(v)}`)
  }
  const fields: TransactionFields = {}

  const to = value.to
  if (to !== undefined && to !== null) {
    if (typeof to !== 'string' || !isAddress(to, { strict: false })) {
      throw invalidParams(`invalid to ${JSON.stringify(to)}`)
    }
    fields.to = to
  }
  const data = value.data ?? value.input
  if (data !== undefined && data !== null) {
    if (typeof data !== 'string' || !isHex(data)) throw invalidParams('data must be hex')
    fields.data = data
  }
  for (const key of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const v = quantity(key)
    if (v !== undefined) fields[key] = v
  }
  const nonce = quantity('nonce')
  if (nonce !== undefined) fields.nonce = Number(nonce)
  if (value.accessList !== undefined) {
    if (!Array.isArray(value.accessList)) throw invalidParams('accessList must be an array')
    fields.accessList = value.accessList as AccessList
  }
  if (options.chainId !== undefined) {
    const chainId = quantity('chainId')
    if (chainId !== undefined && chainId !== BigInt(options.chainId)) {
      throw invalidParams(`chainId ${chainId} does not match the current chain ${options.chainId}`)
    }
  }
  const type = value.type
  if (type !== undefined && type !== null) {
    if (typeof type !== 'string' || !Object.hasOwn(transactionTypes, type)) {
      throw invalidParams(`unsupported transaction type ${JSON.stringify(type)}`)
    }
    fields.type = transactionTypes[type as keyof typeof transactionTypes]
  } else if (fields.gasPrice !== undefined) {
    fields.type = 'legacy'
  }
  return { from: value.from, fields }
}
